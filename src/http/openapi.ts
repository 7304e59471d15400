// The published OpenAPI 3.1 document, generated from schemas/ so it cannot
// drift from what the endpoint validates and answers. Every call is described
// twice, as a GET with query parameters and as a POST with a urlencoded form,
// with the server's own credentials and a recorded example filled in, so the
// docs page's "Try it out" succeeds without typing anything. The page loads a
// lighter form of it, made in docs-document.ts.
import { callSections, operationSchemaId } from '../schemas.js';
import { SECTIONS } from '../sections.js';
import { DOOR_SECURITY, DOOR_TAG, doorPaths } from './userapi-openapi.js';
import type { RecordedExample } from '../examples.js';
import { API_PATH, SESSION_HEADER } from './endpoint.js';
import { parseParams } from './params.js';
import {
  COMPONENTS,
  componentName,
  convertAll,
  entryTypes,
  firstSentence,
  isObject,
  resolve,
  type Schema,
  typesOf,
} from './openapi-schemas.js';
import { CONTROL_TAG, controlPaths } from './control-openapi.js';

// Parameters of the transport, not of the call: described once, never repeated per operation.
const TRANSPORT = new Set(['call', 'api_id', 'api_key', 'outputformat']);

export interface OpenApiOptions {
  /**
   * The credentials of API access record 1 as the server was built with them;
   * the key only when it is the bundled one (the document is served to anyone).
   */
  credentials?: { apiId: string; apiKey?: string };
  /** Each call's recorded example request and answer (examples/answers.json). */
  examples?: Readonly<Record<string, RecordedExample>>;
}

interface CallParam {
  name: string;
  schema: Schema;
  required: boolean;
  description?: string;
  /**
   * How a list or an object is described: a list of plain values as repeated
   * keys (form), an object of plain values as bracket keys (deepObject).
   * OpenAPI has no style for deeper PHP bracket keys (`products[0][name]`),
   * so those are JSON here, and the docs page's request interceptor
   * (src/http/docs.ts) sends them as bracket keys.
   */
  style?: 'form' | 'deepObject' | 'json';
  example?: unknown;
  /** The value of an empty field of this type, for Swagger UI's form and JSON editors. */
  empty: unknown;
}

/** The call's own parameters from its request schema, with the recorded example's values. */
function callParams(components: Record<string, Schema>, own: Schema | undefined, example: Record<string, unknown>): CallParam[] {
  const request = isObject(own?.properties) && isObject(own.properties.request) ? own.properties.request : {};
  const properties = isObject(request.properties) ? request.properties : {};
  const required = new Set(Array.isArray(request.required) ? request.required.map(String) : []);
  const out: CallParam[] = [];
  for (const [name, value] of Object.entries(properties)) {
    if (TRANSPORT.has(name) || !isObject(value)) continue;
    const schema = structuredClone(value);
    const target = resolve(components, schema);
    const described = typeof schema.description === 'string' ? schema.description : target?.description;
    // Schema descriptions complete "Parameter X must be ..." (schemas/README.md).
    const lines = typeof described === 'string' ? [`Must be ${described.replace(/\.?$/, '.')}`] : [];
    const types = typesOf(components, schema);
    const entries = entryTypes(components, schema);
    let style: CallParam['style'];
    if ((types.has('array') || types.has('object')) && (entries.has('array') || entries.has('object'))) {
      lines.push(`Nested bracket keys such as \`${name}[0][key]=value\`; here as JSON, which this page sends as those keys.`);
      style = 'json';
    } else if (types.has('array')) {
      lines.push(`A list: send \`${name}[]=a&${name}[]=b\` (the bracket form PHP clients use) or repeat \`${name}=a&${name}=b\`.`);
      style = 'form';
    } else if (types.has('object')) {
      lines.push(`Sent as bracket keys: \`${name}[key]=value\`.`);
      style = 'deepObject';
    }
    const empty = types.has('array') ? [] : types.has('object') ? {} : '';
    const param: CallParam = { name, schema, required: required.has(name), style, example: example[name], empty };
    if (lines.length > 0) param.description = lines.join('\n\n');
    out.push(param);
  }
  return out;
}

function queryParameter(param: CallParam): Schema {
  const out: Schema = { name: param.name, in: 'query', required: param.required };
  if (param.description) out.description = param.description;
  // Swagger UI makes up a sample for a list or object field without an
  // example ({"additionalProp1": ...}) and sends it; an empty one is not sent.
  const example = param.example ?? (param.style ? param.empty : undefined);
  if (param.style === 'json') return { ...out, content: { 'application/json': { schema: param.schema, example } } };
  out.schema = param.schema;
  if (param.style) Object.assign(out, { style: param.style, explode: true });
  if (example !== undefined) out.example = example;
  return out;
}

const callSchema = (call: string): Schema => ({ type: 'string', const: call, enum: [call], default: call });

function credentialSchema(value: string | undefined): Schema {
  return value === undefined ? { type: 'string' } : { type: 'string', default: value };
}

/** Where to find a key of one's own, which the document leaves out. */
const OWN_KEY =
  "This server runs with a key of its own, left out here: type in the api_key of API access record 1 (BILLSIM_API_KEY, or api_access.json in the server's fixtures).";

/** The urlencoded form of a call: transport fields and the call's own, as one object. */
function formBody(call: string, params: CallParam[], options: OpenApiOptions, example: Record<string, unknown>): Schema {
  const { credentials } = options;
  const properties: Schema = {
    call: { ...callSchema(call), description: 'The operation to run.' },
    api_id: { ...credentialSchema(credentials?.apiId), description: 'The API access id (paired with api_key).' },
    api_key: {
      ...credentialSchema(credentials?.apiKey),
      description: `The API access key (paired with api_id).${credentials && credentials.apiKey === undefined ? ` ${OWN_KEY}` : ''}`,
    },
  };
  const encoding: Schema = {};
  for (const param of params) {
    const property: Schema = { ...param.schema };
    if (param.description) property.description = param.description;
    // Swagger UI fills each form field from its schema's example, or else a
    // sample made up from the schema (a date "4803-88-06"); an empty field is
    // not sent, so an optional field without an example starts empty.
    property.example = param.example ?? param.empty;
    properties[param.name] = property;
    if (param.style === 'json') encoding[param.name] = { contentType: 'application/json' };
    else if (param.style) encoding[param.name] = { style: param.style, explode: true };
  }
  const credentialsExample = credentials
    ? { api_id: credentials.apiId, ...(credentials.apiKey === undefined ? {} : { api_key: credentials.apiKey }) }
    : {};
  return {
    required: true,
    content: {
      'application/x-www-form-urlencoded': {
        schema: {
          type: 'object',
          required: ['call', 'api_id', 'api_key', ...params.filter((p) => p.required).map((p) => p.name)],
          properties,
        },
        ...(Object.keys(encoding).length > 0 ? { encoding } : {}),
        example: { call, ...credentialsExample, ...example },
      },
    },
  };
}

function answerContent(components: Record<string, Schema>, call: string, own: Schema | undefined, answer: unknown): Schema {
  const content: Schema = { schema: { oneOf: [successSchema(components, call, own), { $ref: `${COMPONENTS}common_error` }] } };
  if (answer !== undefined) content.example = answer;
  return {
    200: {
      description: `Always HTTP 200: \`success: true\` with the ${call} result, or \`success: false\` with error messages.`,
      content: { 'application/json': content },
    },
  };
}

/** The GET and the POST operation of one call. */
function callPath(components: Record<string, Schema>, call: string, options: OpenApiOptions): Schema {
  const own = components[componentName(operationSchemaId(call))];
  const section = SECTIONS.find((s) => s.id === callSections().get(call));
  const recorded = options.examples?.[call];
  const example = recorded?.query ? parseParams(recorded.query) : {};
  const params = callParams(components, own, example);
  const description = typeof own?.description === 'string' ? own.description : `The ${call} call.`;
  const summary = firstSentence(description);
  const common = { tags: section ? [section.title] : [], responses: answerContent(components, call, own, recorded?.answer) };
  const session = { $ref: '#/components/parameters/session' };
  return {
    get: {
      operationId: call,
      summary,
      description,
      parameters: [
        { name: 'call', in: 'query', required: true, description: 'The operation to run.', schema: callSchema(call) },
        { $ref: '#/components/parameters/api_id' },
        { $ref: '#/components/parameters/api_key' },
        ...params.map(queryParameter),
        session,
      ],
      ...common,
    },
    post: {
      operationId: `${call}_post`,
      summary,
      description: `${description}\n\nThe same call as an \`application/x-www-form-urlencoded\` POST, as the PHP clients send it.`,
      parameters: [session],
      requestBody: formBody(call, params, options, example),
      ...common,
    },
  };
}

/**
 * The success body: the envelope's fields and the call's result fields in one
 * object. Results forbid unknown fields, so an allOf of envelope and result
 * would reject every real answer; merging the two keeps both strict.
 */
function successSchema(components: Record<string, Schema>, call: string, own: Schema | undefined): Schema {
  const envelope = components.common_envelope;
  const result = isObject(own?.properties) && isObject(own.properties.result) ? own.properties.result : undefined;
  if (!result || !isObject(result.properties) || !isObject(envelope?.properties)) {
    return { title: `${call} success`, allOf: [{ $ref: `${COMPONENTS}common_envelope` }] };
  }
  const required = [...(envelope.required as string[]), ...((result.required as string[] | undefined) ?? [])];
  return {
    title: `${call} success`,
    type: 'object',
    required: [...new Set(required)],
    properties: { ...structuredClone(result.properties), ...structuredClone(envelope.properties) },
    additionalProperties: false,
  };
}

const DESCRIPTION = [
  'billsim simulates the HostBill Admin API (`admin/api.php`): one endpoint, where the `call`',
  'parameter names the operation and `api_id` + `api_key` authenticate. Every call below is',
  `\`GET ${API_PATH}?call=<name>\` or a \`POST\` of the same parameters as a urlencoded form`,
  '(a multipart form or a JSON object work too). Lists and nested values use PHP bracket keys (`ids[]=1`, `filter[status]=Active`).',
  '',
  "The credentials this server runs with (its key only when it is the bundled one) and a request recorded against the bundled world are filled in: choose a call, then **Execute**. A mutation changes the session's state; **Test control** resets it.",
  '',
  'Every answer is HTTP 200 JSON. Success: `{ "success": true, "call", "server_time", ...result }`.',
  'Errors are HTTP 200 too, with `success: false` and an `error` list of messages; check `success`, not the status.',
  '',
  `The \`${SESSION_HEADER}\` header picks an isolated simulated world (default: "default").`,
].join('\n');

function credentialParameter(name: 'api_id' | 'api_key', value: string | undefined): Schema {
  const pair = name === 'api_id' ? 'api_key' : 'api_id';
  const what = name === 'api_id' ? 'id' : 'key';
  const param: Schema = {
    name,
    in: 'query',
    required: true,
    description:
      value === undefined && name === 'api_key'
        ? `The API access key (paired with api_id). ${OWN_KEY}`
        : `The API access ${what} (paired with ${pair}); filled in with the one this server runs with.`,
    schema: credentialSchema(value),
  };
  if (value !== undefined) param.example = value;
  return param;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

const cache = new Map<string, object>();

/**
 * The OpenAPI 3.1 document for these calls. Built once per set of calls,
 * version and options, then shared (frozen): clone it before handing it to
 * anything that mutates, such as a dereferencing validator.
 */
export function buildOpenApi(calls: readonly string[], version: string, options: OpenApiOptions = {}): object {
  const key = JSON.stringify([version, calls, options]);
  let document = cache.get(key);
  if (document) return document;
  const schemas = convertAll();
  const paths: Record<string, Schema> = {};
  // Every call shares one URL; the fragment keeps the path keys apart and is
  // never sent by a browser, so requests still reach the real endpoint.
  for (const call of calls) paths[`${API_PATH}#${call}`] = callPath(schemas, call, options);
  Object.assign(paths, doorPaths(schemas));
  Object.assign(paths, controlPaths(schemas));
  document = deepFreeze({
    openapi: '3.1.0',
    info: { title: 'billsim', version, description: DESCRIPTION },
    servers: [{ url: '/' }],
    tags: [...SECTIONS.map((s) => ({ name: s.title })), DOOR_TAG, CONTROL_TAG],
    paths,
    components: {
      schemas,
      parameters: {
        api_id: credentialParameter('api_id', options.credentials?.apiId),
        api_key: credentialParameter('api_key', options.credentials?.apiKey),
        session: {
          name: SESSION_HEADER,
          in: 'header',
          required: false,
          description: 'The simulated world to use: 1-64 characters of A-Z, a-z, 0-9, ".", "_" or "-" (default: "default").',
          schema: { type: 'string', pattern: '^[A-Za-z0-9._-]{1,64}$' },
        },
      },
      securitySchemes: {
        ...DOOR_SECURITY,
        controlToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'Needed by the control routes only when billsim was started with --control-token.',
        },
      },
    },
  });
  cache.set(key, document);
  return document;
}
