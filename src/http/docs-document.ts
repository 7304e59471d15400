// The lighter form of the OpenAPI document that the docs page loads. Profiled in
// Chromium on 2 busy cores, the full document (1.7 MB, 320 operations) took
// 6-9 s to show its first operation: Swagger UI reads an OpenAPI 3.1 document
// through ApiDOM, which turned every node into an element and walked them all
// (about half the time), then rendered every operation (most of the rest).
// So the page gets:
// - OpenAPI 3.0.3, which Swagger UI reads with its plain resolver: the same
//   schemas in 3.0's words (`const` as a one-value `enum`, `["string","null"]`
//   as `nullable`), keywords 3.0 lacks (if/then/else, propertyNames, ...) left
//   out, and draft-07 `definitions` moved up to components of their own, so
//   the page's document is a valid 3.0 document as well;
// - one operation per call, the GET, whose description gives the POST form;
// - only the components its operations reach.
// `/openapi.json` stays the full 3.1 document (src/http/openapi.ts) for tools.
import { COMPONENTS, isObject, type Schema } from './openapi-schemas.js';

/** Keywords of an OpenAPI 3.0 Schema Object that take the same values in 3.1. */
const KEPT = new Set([
  'title',
  'description',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  'example',
  'type',
  'enum',
  'multipleOf',
  'maximum',
  'minimum',
  'maxLength',
  'minLength',
  'pattern',
  'format',
  'maxItems',
  'minItems',
  'uniqueItems',
  'maxProperties',
  'minProperties',
  'required',
  'discriminator',
  'xml',
  'externalDocs',
]);
const ONE = new Set(['not', 'items', 'additionalProperties']);
const LIST = new Set(['allOf', 'anyOf', 'oneOf']);

/** `#/components/schemas/a/definitions/b` -> `#/components/schemas/a.b` (definitions moved up). */
function hoistedRef(ref: string): string {
  if (!ref.startsWith(COMPONENTS)) return ref;
  return COMPONENTS + ref.slice(COMPONENTS.length).replace(/\/definitions\//g, '.');
}

/** One JSON Schema 2020-12 schema in OpenAPI 3.0's words. */
function downgrade(value: unknown): Schema {
  if (value === true) return {};
  if (value === false) return { not: {} };
  if (!isObject(value)) return {};
  if (typeof value.$ref === 'string') {
    // 3.0 ignores a reference's siblings, but Swagger UI shows its description.
    const ref: Schema = { $ref: hoistedRef(value.$ref) };
    if (typeof value.description === 'string') ref.description = value.description;
    return ref;
  }
  const out: Schema = {};
  for (const [key, child] of Object.entries(value)) {
    if (KEPT.has(key)) out[key] = structuredClone(child);
    else if (ONE.has(key)) out[key] = typeof child === 'boolean' && key === 'additionalProperties' ? child : downgrade(child);
    else if (LIST.has(key) && Array.isArray(child)) out[key] = child.map(downgrade);
    else if (key === 'properties' && isObject(child)) {
      out.properties = Object.fromEntries(Object.entries(child).map(([name, schema]) => [name, downgrade(schema)]));
    }
  }
  if ('const' in value && out.enum === undefined) out.enum = [value.const];
  if (Array.isArray(value.examples) && value.examples.length > 0 && out.example === undefined) out.example = value.examples[0];
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof value[exclusive] === 'number') Object.assign(out, { [bound]: value[exclusive], [exclusive]: true });
  }
  if (Array.isArray(value.type)) {
    const types = value.type.filter((type) => type !== 'null');
    if (types.length < value.type.length) out.nullable = true;
    delete out.type;
    if (types.length === 1) out.type = types[0];
    else if (types.length > 1) {
      // 3.0 has one type per schema: the other keywords apply to each branch.
      const { nullable, ...rest } = out;
      return { anyOf: types.map((type) => ({ ...rest, type })), ...(nullable ? { nullable } : {}) };
    }
  }
  if (value.type === 'null') {
    // 3.0 has no null type: a value that may only be null.
    delete out.type;
    Object.assign(out, { nullable: true, enum: [null] });
  }
  if (Array.isArray(value.prefixItems) && out.items === undefined) out.items = { anyOf: value.prefixItems.map(downgrade) };
  return out;
}

/** Every schema and its draft-07 definitions as components of their own (`name` and `name.def`). */
function hoist(name: string, schema: Schema, out: Record<string, Schema>): void {
  const { definitions, ...rest } = schema;
  out[name] = downgrade(rest);
  if (isObject(definitions))
    for (const [key, child] of Object.entries(definitions)) hoist(`${name}.${key}`, isObject(child) ? child : {}, out);
}

/** Component names a value refers to, directly. */
function refsIn(value: unknown, out: Set<string>): void {
  if (Array.isArray(value)) for (const item of value) refsIn(item, out);
  else if (isObject(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith(COMPONENTS)) out.add(child.slice(COMPONENTS.length));
      else refsIn(child, out);
    }
  }
}

/** The schemas reached from `roots`, following refs from schema to schema. */
function reachable(roots: unknown, schemas: Record<string, Schema>): Record<string, Schema> {
  const seen = new Set<string>();
  const queue = new Set<string>();
  refsIn(roots, queue);
  for (const ref of queue) {
    // A ref may point inside a component (`resources_client/properties/id`): the component is kept.
    const name = ref.split('/')[0];
    if (seen.has(name)) continue;
    if (!schemas[name]) throw new Error(`The docs page's document refers to a missing schema: ${name}`);
    seen.add(name);
    refsIn(schemas[name], queue);
  }
  return Object.fromEntries(
    Object.keys(schemas)
      .filter((name) => seen.has(name))
      .map((name) => [name, schemas[name]]),
  );
}

/** A parameter, a media type or a request body with its schemas downgraded. */
function downgradeHolders(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(downgradeHolders);
  if (!isObject(value)) return value;
  const out: Schema = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === 'schema') out.schema = downgrade(child);
    else if (key === 'example' || key === 'examples') out[key] = child;
    else out[key] = downgradeHolders(child);
  }
  return out;
}

/** The call's GET operation, told where its POST form is. */
function onlyGet(operation: Schema): Schema {
  const post = `${String(operation.operationId)}_post`;
  const note = `POST: the same parameters as a urlencoded form (\`${post}\` in /openapi.json).`;
  return { ...operation, description: `${String(operation.description ?? '')}\n\n${note}` };
}

const PAGE_NOTE = [
  '',
  'This page shows one operation per call, the GET; each also takes the same parameters as a urlencoded `POST`',
  '(as the PHP clients send it), a multipart form or a JSON object. `/openapi.json` is the complete OpenAPI 3.1',
  'document, with the POST form of every call as an operation of its own, for tools.',
].join('\n');

/** The docs page's document made from the full one (`buildOpenApi`), which it does not change. */
export function docsPageDocument(full: object): object {
  const document = full as Schema;
  const paths: Record<string, Schema> = {};
  for (const [path, item] of Object.entries(document.paths as Record<string, Schema>)) {
    // A call's path carries its name after `#`; the control routes keep every method.
    paths[path] = path.includes('#') && isObject(item.get) ? { get: onlyGet(item.get) } : item;
  }
  const components = document.components as Schema;
  const schemas: Record<string, Schema> = {};
  for (const [name, schema] of Object.entries(components.schemas as Record<string, Schema>)) hoist(name, schema, schemas);
  const rest = {
    paths: downgradeHolders(paths),
    parameters: downgradeHolders(components.parameters),
  };
  const info = document.info as Schema;
  return {
    ...document,
    openapi: '3.0.3',
    info: { ...info, description: `${String(info.description)}\n${PAGE_NOTE}` },
    paths: rest.paths,
    components: { ...components, parameters: rest.parameters, schemas: reachable(rest, schemas) },
  };
}
