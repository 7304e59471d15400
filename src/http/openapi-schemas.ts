// The schemas under schemas/ as OpenAPI 3.1 components: draft-07 refs turned
// into in-document refs, only standard keywords kept.
import { allSchemas, SCHEMA_BASE } from '../schemas.js';

export type Schema = Record<string, unknown>;

export const COMPONENTS = '#/components/schemas/';

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

export function isObject(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `https://billsim.local/schemas/resources/client.json` -> `resources_client`. */
export function componentName(id: string): string {
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

export function convertAll(): Record<string, Schema> {
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
export function resolve(components: Record<string, Schema>, schema: unknown, seen = new Set<string>()): Schema | undefined {
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

/** The branches a value may be checked against besides the node itself. */
function branches(node: Schema): unknown[] {
  const out: unknown[] = [];
  for (const key of ['anyOf', 'oneOf', 'allOf']) if (Array.isArray(node[key])) out.push(...(node[key] as unknown[]));
  for (const key of ['then', 'else']) if (node[key] !== undefined) out.push(node[key]);
  return out;
}

/** The JSON types a parameter's schema allows, looking through refs and the branches of anyOf, oneOf and if. */
export function typesOf(components: Record<string, Schema>, schema: unknown, depth = 0): Set<string> {
  const out = new Set<string>();
  const node = resolve(components, schema);
  if (!node || depth > 8) return out;
  const type = node.type;
  for (const t of Array.isArray(type) ? type : type === undefined ? [] : [type]) out.add(String(t));
  if (type === undefined && (node.properties || node.additionalProperties)) out.add('object');
  if (type === undefined && (node.items || node.prefixItems)) out.add('array');
  for (const branch of branches(node)) for (const t of typesOf(components, branch, depth + 1)) out.add(t);
  return out;
}

/** The JSON types the entries of a list or object may have (one level down). */
export function entryTypes(components: Record<string, Schema>, schema: unknown, depth = 0): Set<string> {
  const out = new Set<string>();
  const node = resolve(components, schema);
  if (!node || depth > 8) return out;
  const entries: unknown[] = [];
  if (isObject(node.items)) entries.push(node.items);
  if (Array.isArray(node.prefixItems)) entries.push(...node.prefixItems);
  if (isObject(node.properties)) entries.push(...Object.values(node.properties));
  if (isObject(node.additionalProperties)) entries.push(node.additionalProperties);
  if (isObject(node.patternProperties)) entries.push(...Object.values(node.patternProperties));
  for (const entry of entries) for (const t of typesOf(components, entry)) out.add(t);
  for (const branch of branches(node)) for (const t of entryTypes(components, branch, depth + 1)) out.add(t);
  return out;
}

/** Text for the places Swagger UI shows as it is (summaries): no Markdown code marks. */
function plain(text: string): string {
  return text.replace(/`([^`]*)`/g, '$1');
}

/** An operation's summary: the first sentence of its description, plain and short. */
export function firstSentence(text: string): string {
  const match = /^(.*?[.!?])(\s|$)/s.exec(text);
  const sentence = plain((match ? match[1] : text).trim());
  return sentence.length > 120 ? `${sentence.slice(0, 117)}...` : sentence;
}
