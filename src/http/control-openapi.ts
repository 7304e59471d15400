// The /__billsim control routes in the OpenAPI document: one tag, and for each
// route of the table (control.ts) an operation made from its schema file
// (schemas/control/<schema>.json, a component like every schema): its path and
// query values as parameters, its body, and each status it answers. They are
// billsim's own routes, not the emulated API's: JSON in, JSON out, real 4xx
// statuses with { error }.
import { controlSchemaId } from '../schemas.js';
import { SESSION_HEADER } from './endpoint.js';
import { COMPONENTS, componentName, isObject, resolve, type Schema } from './openapi-schemas.js';
import { answers, CONTROL_PREFIX, CONTROL_ROUTES, type ControlRoute } from './control.js';

export const CONTROL_TAG = {
  name: 'Test control',
  description: [
    "billsim's own routes for tests: reset, snapshots, faults, the clock, the request journal and the stored state.",
    `Each acts on the session named by the \`${SESSION_HEADER}\` header (default: "default").`,
    'Errors are `{ "error": "..." }` with a 4xx status (503 when a data file cannot be saved), naming every problem of the request;',
    'a known path asked with another method answers 405 with an `Allow` header. With `--control-token`, every route but health needs',
    '`Authorization: Bearer <token>`.',
  ].join(' '),
};

/** What each refusal means, whatever the route. */
const REFUSALS: Record<number, string> = {
  400: 'The request was not what the route takes: the message names every problem and says what to send.',
  401: 'Started with --control-token and the Authorization: Bearer header was missing or wrong.',
  404: 'No such session, snapshot, fault, collection or record.',
  409: 'The session already holds as many as it may keep (the maxItems of its list), or a snapshot would not fit in the memory budget: the message says how to make room.',
  410: 'The session was dropped to keep within --max-sessions: the message says when; reset it (POST /__billsim/reset) to start it again.',
  415: 'A body that is not JSON: send a JSON object with Content-Type: application/json.',
  503: 'A change could not be saved to the data file (--data), so it was not applied (nor the daily automation run before it).',
};

const operationId = (route: ControlRoute) => `control${route.schema[0].toUpperCase()}${route.schema.slice(1)}`;

/** A schema's properties, each resolved through its $ref (the ref's description first). */
function propertiesOf(components: Record<string, Schema>, schema: unknown): [string, Schema, boolean][] {
  const node = resolve(components, schema);
  const required = new Set(Array.isArray(node?.required) ? node.required.map(String) : []);
  return Object.entries(isObject(node?.properties) ? node.properties : {}).map(([name, property]) => {
    const { description, ...target } = { ...resolve(components, property), ...(property as Schema) };
    delete target.$ref;
    return [name, { ...target, ...(description === undefined ? {} : { description }) }, required.has(name)];
  });
}

/** A path or query value as a parameter; its schema's description completes "Must be ...", as the API's parameters say. */
function parameters(components: Record<string, Schema>, schema: unknown, where: 'path' | 'query'): Schema[] {
  return propertiesOf(components, schema).map(([name, { description, examples, ...rules }, required]) => {
    const parameter: Schema = { name, in: where, required: where === 'path' || required, schema: rules };
    if (typeof description === 'string') parameter.description = `Must be ${description}.`;
    if (Array.isArray(examples)) parameter.example = examples[0];
    return parameter;
  });
}

function operation(components: Record<string, Schema>, route: ControlRoute): Schema {
  const name = componentName(controlSchemaId(route.schema));
  const own = components[name];
  const part = (key: string) => (isObject(own?.properties) ? own.properties[key] : undefined);
  // The first sentence is the summary, shown as it is (no code marks); the rest the description.
  const [, first, rest] = /^(.*?)\.(?:\s+|$)(.*)$/s.exec(String(own?.description ?? '')) ?? ['', route.url, ''];
  const summary = first.replace(/`/g, '');
  const out: Schema = { operationId: operationId(route), tags: [CONTROL_TAG.name], summary };
  if (rest) out.description = rest;
  out.parameters = [...parameters(components, part('params'), 'path'), ...parameters(components, part('query'), 'query')];
  if (route.session !== false) (out.parameters as Schema[]).push({ $ref: '#/components/parameters/session' });
  const body = resolve(components, part('body'));
  if (body) {
    const json: Schema = { schema: { $ref: `${COMPONENTS}${name}/properties/body` } };
    // A body that succeeds at once in the docs page's "Try it out".
    if (Array.isArray(body.examples)) json.example = body.examples[0];
    out.requestBody = { required: true, content: { 'application/json': json } };
  }
  const responses: Schema = {};
  for (const status of [...answers(route), ...(route.open ? [] : [401])].sort()) {
    const schema = { $ref: status === 401 ? `${COMPONENTS}control_error` : `${COMPONENTS}${name}/properties/answers/properties/${status}` };
    responses[status] = { description: REFUSALS[status] ?? summary, content: { 'application/json': { schema } } };
  }
  out.responses = responses;
  // The token is needed only when the server was started with one.
  out.security = route.open ? [] : [{}, { controlToken: [] }];
  return out;
}

/** The control routes by path, from the table the app serves. */
export function controlPaths(components: Record<string, Schema>): Record<string, Schema> {
  const paths: Record<string, Schema> = {};
  for (const route of CONTROL_ROUTES) {
    const path = `${CONTROL_PREFIX}${route.url.replace(/:(\w+)/g, '{$1}')}`;
    paths[path] = { ...(paths[path] as Schema | undefined), [route.method.toLowerCase()]: operation(components, route) };
  }
  return paths;
}
