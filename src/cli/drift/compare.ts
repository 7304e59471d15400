// One answer against billsim's schema for its call: keys missing or added,
// JSON types, key order and the envelope, with a path per difference. A list
// is checked item by item, but what differs the same way in many items is
// one difference with a count, so a 500-row list does not print 500 lines.
import type { AnswerShape } from '../../operations/operation.js';
import { successEnvelope } from '../../http/envelope.js';
import { child, doorAnswerNode, envelopeNode, type JsonSchema, type Node, resolved, resultNode } from './schema.js';

export type DifferenceKind = 'missing' | 'added' | 'type' | 'order' | 'envelope' | 'answer';

export interface Difference {
  /** Where, as first found: `clients[0].email`; '' for the answer as a whole. */
  path: string;
  kind: DifferenceKind;
  /** What billsim's schema says. */
  expected: string;
  /** What the installation answered. */
  found: string;
  /** How many places (list items, entries keyed by id) differ this way. */
  count: number;
}

/** Differences gathered under their path with list indexes and keyed entries blanked (`clients[].email`). */
class Differences {
  readonly byPlace = new Map<string, Difference>();

  add(pattern: string, path: string, kind: DifferenceKind, expected: string, found: string): void {
    const place = `${kind} ${pattern}`;
    const known = this.byPlace.get(place);
    if (known) known.count++;
    else this.byPlace.set(place, { path, kind, expected, found, count: 1 });
  }

  merge(other: Differences): void {
    for (const [place, difference] of other.byPlace) {
      const known = this.byPlace.get(place);
      if (known) known.count += difference.count;
      else this.byPlace.set(place, { ...difference });
    }
  }

  get size(): number {
    let total = 0;
    for (const difference of this.byPlace.values()) total += difference.count;
    return total;
  }

  list(): Difference[] {
    return [...this.byPlace.values()];
  }
}

/** A value's JSON type, as a reader of the wire sees it. */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** The JSON types a schema allows, or undefined when it does not say (any value). */
function typesOf(schema: JsonSchema): string[] | undefined {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.map(String);
  if ('const' in schema) return [jsonType(schema.const)];
  if (Array.isArray(schema.enum)) return [...new Set(schema.enum.map(jsonType))];
  return undefined;
}

function accepts(types: string[] | undefined, value: unknown): boolean {
  if (!types) return true;
  const type = jsonType(value);
  return types.includes(type) || (type === 'integer' && types.includes('number'));
}

const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function compareValue(value: unknown, node: Node, path: string, pattern: string, out: Differences): void {
  const { schema } = resolved(node);
  const branches = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (Array.isArray(branches)) {
    compareBranches(value, node, branches, path, pattern, out);
    return;
  }
  const types = typesOf(schema);
  if (!accepts(types, value)) {
    out.add(pattern, path, 'type', types!.join(' or '), jsonType(value));
    return;
  }
  if (Array.isArray(value) && typeof schema.items === 'object' && schema.items !== null && !Array.isArray(schema.items)) {
    const items = child(node, schema.items);
    value.forEach((item, i) => {
      compareValue(item, items, `${path}[${i}]`, `${pattern}[]`, out);
    });
  } else if (isObject(value)) {
    compareObject(value, node, path, pattern, out, true);
  }
}

/** anyOf/oneOf: the value is held to the branch it differs least from (a list or PHP's `[]` for an empty one, say). */
function compareBranches(value: unknown, node: Node, branches: unknown[], path: string, pattern: string, out: Differences): void {
  const nodes = branches.map((branch) => child(node, branch));
  const fitting = nodes.filter((branch) => accepts(typesOf(branch.schema), value));
  if (fitting.length === 0) {
    const types = [...new Set(nodes.flatMap((branch) => typesOf(branch.schema) ?? []))];
    out.add(pattern, path, 'type', types.join(' or '), jsonType(value));
    return;
  }
  let best: Differences | undefined;
  for (const branch of fitting) {
    const trial = new Differences();
    compareValue(value, branch, path, pattern, trial);
    if (!best || trial.size < best.size) best = trial;
    if (best.size === 0) break;
  }
  out.merge(best!);
}

function compareObject(
  value: Record<string, unknown>,
  node: Node,
  path: string,
  pattern: string,
  out: Differences,
  checkOrder: boolean,
): void {
  const { schema } = resolved(node);
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const names = Object.keys(properties);
  const extra = schema.additionalProperties;
  for (const name of (schema.required ?? []) as string[]) {
    if (!Object.hasOwn(value, name)) out.add(join(pattern, name), join(path, name), 'missing', 'present', 'absent');
  }
  for (const [key, item] of Object.entries(value)) {
    if (Object.hasOwn(properties, key)) compareValue(item, child(node, properties[key]), join(path, key), join(pattern, key), out);
    else if (typeof extra === 'object' && extra !== null) compareValue(item, child(node, extra), join(path, key), join(pattern, '*'), out);
    else if (extra === false || (extra !== true && names.length > 0)) {
      out.add(join(pattern, key), join(path, key), 'added', 'absent', jsonType(item));
    }
  }
  if (!checkOrder) return;
  const known = Object.keys(value).filter((key) => Object.hasOwn(properties, key));
  const published = [...known].sort((a, b) => names.indexOf(a) - names.indexOf(b));
  if (known.join() !== published.join()) out.add(pattern, path, 'order', published.join(', '), known.join(', '));
}

/**
 * A successful answer of `call` against billsim's schemas: the envelope's
 * fields and their places, then the call's result fields, nested objects and
 * list items. `shape` is the call's AnswerShape (a call name echoed
 * differently, fields placed after `call`).
 */
export function compareAnswer(call: string, body: unknown, shape: AnswerShape = {}): Difference[] {
  const out = new Differences();
  if (!isObject(body)) {
    out.add('', '', 'envelope', 'an object with success, call and server_time', jsonType(body));
    return out.list();
  }
  const envelope = envelopeNode();
  const envelopeFields = (envelope.schema.properties ?? {}) as Record<string, unknown>;
  const result = resultNode(call);
  const resultFields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (Object.hasOwn(envelopeFields, key)) compareValue(value, child(envelope, envelopeFields[key]), key, key, out);
    else resultFields[key] = value;
  }
  for (const name of (envelope.schema.required ?? []) as string[]) {
    if (!Object.hasOwn(body, name)) out.add(name, name, 'missing', 'present', 'absent');
  }
  const echoed = shape.call ?? call;
  if (typeof body.call === 'string' && body.call !== echoed)
    out.add('call', 'call', 'envelope', JSON.stringify(echoed), JSON.stringify(body.call));
  // The result's own key order is the envelope's business: billsim places some fields after `call`.
  compareObject(resultFields, result, '', '', out, false);
  const published = publishedOrder(body, result, echoed, shape);
  const found = Object.keys(body).filter((key) => published.includes(key));
  if (found.join() !== published.join()) out.add('', '', 'order', published.join(', '), found.join(', '));
  return out.list();
}

/** The keys of `body` that billsim's schemas know, in the order billsim writes them. */
function publishedOrder(body: Record<string, unknown>, result: Node, echoed: string, shape: AnswerShape): string[] {
  const names = Object.keys((resolved(result).schema.properties ?? {}) as Record<string, unknown>);
  const fields: Record<string, unknown> = {};
  for (const name of names) if (Object.hasOwn(body, name) && name !== 'info') fields[name] = true;
  if (Object.hasOwn(body, 'info')) fields.info = true;
  const order = Object.keys(successEnvelope(echoed, new Date(0), fields, shape));
  return order.filter((key) => Object.hasOwn(body, key));
}

/**
 * An answer of the customer's door against its route's answer schema: the
 * same checks as a call's result (keys, types, order), with no envelope
 * around it (the door answers its resource keys at the root).
 */
export function compareDoorAnswer(name: string, body: unknown): Difference[] {
  const out = new Differences();
  const node = doorAnswerNode(name);
  if (isObject(body)) compareObject(body, node, '', '', out, true);
  else compareValue(body, node, '', '', out);
  return out.list();
}
