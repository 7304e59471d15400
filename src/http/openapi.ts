// The published OpenAPI 3.1 document, generated from schemas/ so it cannot
// drift from what the endpoint validates and answers.
import { allSchemas, callSections, operationSchemaId, SCHEMA_BASE } from '../schemas.js';
import { SECTIONS } from '../sections.js';
import { API_PATH, SESSION_HEADER } from './endpoint.js';

type Schema = Record<string, unknown>;

const COMPONENTS = '#/components/schemas/';

// Parameters of the transport, not of the call: described once (call, the
// security schemes), never repeated per operation.
const TRANSPORT = new Set(['call', 'api_id', 'api_key', 'outputformat']);

// The keywords of JSON Schema 2020-12 and the OpenAPI 3.1 dialect, plus
// draft-07's `definitions` (kept because every $ref points into it). Anything
// else (such as json-schema-to-typescript's `tsType`) is dropped.
const KEYWORDS = new Set([
  '$ref',
  '$comment',
  '$defs',
  '$anchor',
  '$dynamicRef',
  '$dynamicAnchor',
  'definitions',
  'title',
  'description',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  'examples',
  'example',
  'type',
  'enum',
  'const',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'format',
  'contentEncoding',
  'contentMediaType',
  'contentSchema',
  'maxItems',
  'minItems',
  'uniqueItems',
  'maxContains',
  'minContains',
  'prefixItems',
  'items',
  'contains',
  'unevaluatedItems',
  'maxProperties',
  'minProperties',
  'required',
  'dependentRequired',
  'properties',
  'patternProperties',
  'additionalProperties',
  'propertyNames',
  'dependentSchemas',
  'unevaluatedProperties',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  'discriminator',
  'xml',
  'externalDocs',
]);
const ONE_SCHEMA = new Set([
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'additionalProperties',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contentSchema',
  'items',
]);
const SCHEMA_LIST = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SCHEMA_MAP = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas']);

function isObject(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `https://billsim.local/schemas/resources/client.json` -> `resources_client`. */
function componentName(id: string): string {
  if (!id.startsWith(SCHEMA_BASE)) throw new Error(`Schema $id ${id} is not under ${SCHEMA_BASE}`);
  return id
    .slice(SCHEMA_BASE.length)
    .replace(/\.json$/, '')
    .replace(/[^A-Za-z0-9._-]/g, '_');
}

class Converter {
  constructor(private readonly names: ReadonlyMap<string, string>) {}

  /** A draft-07 schema as an OpenAPI 3.1 schema: refs in-document, only standard keywords. */
  schema(value: unknown, base: string, where: string): unknown {
    if (typeof value === 'boolean' || !isObject(value)) return value;
    const local = typeof value.$id === 'string' ? new URL(value.$id, base).href : base;
    const out: Schema = {};
    for (const [key, child] of Object.entries(value)) {
      if (key === 'items' && Array.isArray(child)) {
        // draft-07 tuple form
        out.prefixItems = child.map((s, i) => this.schema(s, local, `${where}/items/${i}`));
      } else if (key === 'additionalItems') {
        if (Array.isArray(value.items)) out.items = this.schema(child, local, `${where}/additionalItems`);
      } else if (key === 'dependencies' && isObject(child)) {
        for (const [name, dep] of Object.entries(child)) {
          const target = Array.isArray(dep) ? 'dependentRequired' : 'dependentSchemas';
          const map = (out[target] ??= {}) as Schema;
          map[name] = Array.isArray(dep) ? dep : this.schema(dep, local, `${where}/dependencies/${name}`);
        }
      } else if (!KEYWORDS.has(key)) {
      } else if (key === '$ref' && typeof child === 'string') {
        out.$ref = this.ref(child, local, where);
      } else if (ONE_SCHEMA.has(key)) {
        out[key] = this.schema(child, local, `${where}/${key}`);
      } else if (SCHEMA_LIST.has(key) && Array.isArray(child)) {
        out[key] = child.map((s, i) => this.schema(s, local, `${where}/${key}/${i}`));
      } else if (SCHEMA_MAP.has(key) && isObject(child)) {
        out[key] = Object.fromEntries(Object.entries(child).map(([k, s]) => [k, this.schema(s, local, `${where}/${key}/${k}`)]));
      } else {
        out[key] = structuredClone(child);
      }
    }
    return out;
  }

  /** `../common/defs.json#/definitions/id` -> `#/components/schemas/common_defs/definitions/id`. */
  private ref(ref: string, base: string, where: string): string {
    const url = new URL(ref, base);
    const fragment = url.hash.replace(/^#/, '');
    url.hash = '';
    const name = this.names.get(url.href);
    if (!name) throw new Error(`${where}: $ref "${ref}" names no schema file (resolved to ${url.href})`);
    if (fragment !== '' && !fragment.startsWith('/')) throw new Error(`${where}: $ref "${ref}" must use a JSON pointer`);
    return `${COMPONENTS}${name}${fragment}`;
  }
}

function convertAll(): Record<string, Schema> {
  const schemas = allSchemas();
  const names = new Map<string, string>();
  for (const schema of schemas) {
    if (typeof schema.$id !== 'string') throw new Error(`A schema under schemas/ has no $id: ${String(schema.title)}`);
    names.set(new URL(schema.$id).href, componentName(schema.$id));
  }
  const converter = new Converter(names);
  const components: Record<string, Schema> = {};
  for (const schema of schemas) {
    const id = schema.$id as string;
    const name = names.get(new URL(id).href)!;
    components[name] = converter.schema(schema, id, name) as Schema;
  }
  return Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b)));
}

/** Follows an in-document pointer (and the refs it lands on) to the schema it names. */
function resolve(components: Record<string, Schema>, schema: unknown, seen = new Set<string>()): Schema | undefined {
  if (!isObject(schema)) return undefined;
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !ref.startsWith(COMPONENTS) || seen.has(ref)) return schema;
  seen.add(ref);
  let node: unknown = components;
  for (const part of ref.slice(COMPONENTS.length).split('/')) {
    if (!isObject(node)) return undefined;
    node = node[decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return resolve(components, node, seen);
}

/** The JSON types a parameter's schema allows, looking through refs and anyOf/oneOf. */
function typesOf(components: Record<string, Schema>, schema: unknown, depth = 0): Set<string> {
  const out = new Set<string>();
  const node = resolve(components, schema);
  if (!node || depth > 8) return out;
  const type = node.type;
  for (const t of Array.isArray(type) ? type : type === undefined ? [] : [type]) out.add(String(t));
  if (type === undefined && (node.properties || node.additionalProperties)) out.add('object');
  if (type === undefined && (node.items || node.prefixItems)) out.add('array');
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const list = node[key];
    if (Array.isArray(list)) for (const s of list) for (const t of typesOf(components, s, depth + 1)) out.add(t);
  }
  return out;
}

function firstSentence(text: string): string {
  const match = /^(.*?[.!?])(\s|$)/s.exec(text);
  const sentence = (match ? match[1] : text).trim();
  return sentence.length > 120 ? `${sentence.slice(0, 117)}...` : sentence;
}

function parameter(components: Record<string, Schema>, name: string, schema: Schema, required: boolean): Schema {
  const target = resolve(components, schema);
  const described = typeof schema.description === 'string' ? schema.description : target?.description;
  // Schema descriptions complete "Parameter X must be ..." (schemas/README.md).
  const lines = typeof described === 'string' ? [`Must be ${described.replace(/\.?$/, '.')}`] : [];
  const types = typesOf(components, schema);
  const param: Schema = { name, in: 'query', required, schema };
  if (types.has('array')) {
    lines.push(`A list: send \`${name}[]=a&${name}[]=b\` (the bracket form PHP clients use) or repeat \`${name}=a&${name}=b\`.`);
    Object.assign(param, { style: 'form', explode: true });
  } else if (types.has('object')) {
    lines.push(`Sent as bracket keys: \`${name}[key]=value\`.`);
    Object.assign(param, { style: 'deepObject', explode: true });
  }
  if (lines.length > 0) param.description = lines.join('\n\n');
  return param;
}

function operation(components: Record<string, Schema>, call: string): Schema {
  const name = componentName(operationSchemaId(call));
  const section = SECTIONS.find((s) => s.id === callSections().get(call));
  const own = components[name];
  const request = isObject(own?.properties) && isObject(own.properties.request) ? own.properties.request : {};
  const properties = isObject(request.properties) ? request.properties : {};
  const required = new Set(Array.isArray(request.required) ? request.required.map(String) : []);
  const parameters: Schema[] = [
    {
      name: 'call',
      in: 'query',
      required: true,
      description: 'The operation to run.',
      schema: { type: 'string', const: call, enum: [call], default: call },
    },
  ];
  for (const [param, schema] of Object.entries(properties)) {
    if (TRANSPORT.has(param) || !isObject(schema)) continue;
    parameters.push(parameter(components, param, structuredClone(schema), required.has(param)));
  }
  parameters.push({ $ref: '#/components/parameters/session' });
  const description = typeof own?.description === 'string' ? own.description : `The ${call} call.`;
  const success = successSchema(components, call, own);
  return {
    operationId: call,
    tags: section ? [section.title] : [],
    summary: firstSentence(description),
    description,
    parameters,
    responses: {
      200: {
        description: `Always HTTP 200: \`success: true\` with the ${call} result, or \`success: false\` with error messages.`,
        content: {
          'application/json': {
            schema: {
              oneOf: [success, { $ref: `${COMPONENTS}common_error` }],
            },
          },
        },
      },
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
  'parameter names the operation and `api_id` + `api_key` authenticate. Every operation below is',
  `\`GET ${API_PATH}?call=<name>\`; the same parameters may also be POSTed as a urlencoded form,`,
  'a multipart form or a JSON object. Lists and nested values use PHP bracket keys (`ids[]=1`, `filter[status]=Active`).',
  '',
  'Every answer is HTTP 200 JSON. Success: `{ "success": true, "call", "server_time", ...result }`.',
  'Errors are HTTP 200 too, with `success: false` and an `error` list of messages; check `success`, not the status.',
  '',
  `The \`${SESSION_HEADER}\` header picks an isolated simulated world (default: "default").`,
].join('\n');

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

const cache = new Map<string, object>();

/**
 * The OpenAPI 3.1 document for these calls. Built once per set of calls and
 * version, then shared (frozen): clone it before handing it to anything that
 * mutates, such as a dereferencing validator.
 */
export function buildOpenApi(calls: string[], version: string): object {
  const key = JSON.stringify([version, calls]);
  let document = cache.get(key);
  if (document) return document;
  const schemas = convertAll();
  const paths: Record<string, Schema> = {};
  // Every call shares one URL; the fragment keeps the path keys apart and is
  // never sent by a browser, so requests still reach the real endpoint.
  for (const call of calls) paths[`${API_PATH}#${call}`] = { get: operation(schemas, call) };
  document = deepFreeze({
    openapi: '3.1.0',
    info: { title: 'billsim', version, description: DESCRIPTION },
    servers: [{ url: '/' }],
    security: [{ api_id: [], api_key: [] }],
    tags: SECTIONS.map((s) => ({ name: s.title })),
    paths,
    components: {
      schemas,
      parameters: {
        session: {
          name: SESSION_HEADER,
          in: 'header',
          required: false,
          description: 'The simulated world to use: 1-64 characters of A-Z, a-z, 0-9, ".", "_" or "-" (default: "default").',
          schema: { type: 'string', pattern: '^[A-Za-z0-9._-]{1,64}$' },
        },
      },
      securitySchemes: {
        api_id: { type: 'apiKey', in: 'query', name: 'api_id', description: 'The API access id (paired with api_key).' },
        api_key: { type: 'apiKey', in: 'query', name: 'api_key', description: 'The API access key (paired with api_id).' },
      },
    },
  });
  cache.set(key, document);
  return document;
}
