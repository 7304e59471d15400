// The schemas as `billsim drift` reads them: a node with the document it sits
// in, so its relative $refs resolve, and the answer schema of each call.
import { allSchemas, operationSchemaId, SCHEMA_BASE, userApiRef } from '../../schemas.js';

export type JsonSchema = Record<string, unknown>;

/** A schema node and the $id of the document it sits in (its $refs resolve from there). */
export interface Node {
  schema: JsonSchema;
  base: string;
}

const ANY: JsonSchema = {};
let byId: Map<string, JsonSchema> | undefined;

function documentOf(id: string): JsonSchema | undefined {
  byId ??= new Map(allSchemas().map((schema) => [String(schema.$id), schema]));
  return byId.get(id);
}

/** The node a reference names (a document's $id, then a JSON pointer), its own $refs followed. */
export function nodeAt(ref: string): Node {
  const url = new URL(ref);
  const pointer = url.hash.replace(/^#/, '');
  url.hash = '';
  let at: unknown = documentOf(url.href);
  for (const part of pointer.split('/').slice(1)) {
    if (typeof at !== 'object' || at === null) break;
    at = (at as JsonSchema)[decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  if (typeof at !== 'object' || at === null) throw new Error(`no schema at ${ref}`);
  return resolved({ schema: at as JsonSchema, base: url.href });
}

/** A node with its $ref followed (the $ref's siblings, such as a description, kept over the target's). */
export function resolved(node: Node): Node {
  const { $ref, ...siblings } = node.schema;
  if (typeof $ref !== 'string') return node;
  const target = nodeAt(new URL($ref, node.base).href);
  return { schema: { ...target.schema, ...siblings }, base: target.base };
}

/** A child of a node (a property's schema, `items`, a branch of anyOf), resolved; any value when absent. */
export function child(node: Node, schema: unknown): Node {
  if (typeof schema !== 'object' || schema === null) return { schema: ANY, base: node.base };
  return resolved({ schema: schema as JsonSchema, base: node.base });
}

/** The schema of a call's answer fields (`result` of schemas/operations/<section>/<call>.json). */
export function resultNode(call: string): Node {
  return nodeAt(`${operationSchemaId(call)}#/properties/result`);
}

/** The fields every successful answer carries (schemas/common/envelope.json). */
export function envelopeNode(): Node {
  return nodeAt(`${SCHEMA_BASE}common/envelope.json`);
}

/** The schema of a door route's answer (`answer` of schemas/userapi/<group>/<name>.json). */
export function doorAnswerNode(name: string): Node {
  return nodeAt(userApiRef(name, 'answer'));
}
