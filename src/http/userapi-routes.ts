import { userApiRoutes, type UserApiRouteSchema } from '../schemas.js';
import type { AnyRoute } from '../userapi/route.js';
import type { LazyRegistry } from '../lib/modules.js';

/** Where the customer's door answers: /api/<route>, as an installation's User API plugin. */
export const USERAPI_PREFIX = '/api';

/** A route of the door with its schema's facts and a matcher for its path. */
export interface DoorEntry extends UserApiRouteSchema {
  route: string;
  /** The route's module, imported on its first request. */
  handler: () => AnyRoute | Promise<AnyRoute>;
  /** The route's module once imported, else undefined. */
  loaded: () => AnyRoute | undefined;
  /** The route as the journal, coverage and faults name it: "GET /api/invoice/{id}". */
  key: string;
  params: readonly string[];
  pattern: RegExp;
  /** Fixed segments: a path both a fixed and a placeholder segment match goes to the fixed one. */
  fixed: number;
}

/** The route a request reached, with its path values, or why none answers. */
export type Match = { entry: DoorEntry; values: Record<string, string> } | { allowed: string[] } | undefined;

function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The door's routes: each schema with its module; a schema without one (or the reverse) stops the start. */
export function doorTable(routes: LazyRegistry<AnyRoute>): DoorEntry[] {
  const schemas = userApiRoutes();
  const missing = [
    ...schemas.filter((schema) => !routes.has(schema.name)).map((schema) => `${schema.name} (${schema.route}) has no module`),
    ...routes.names.filter((name) => !schemas.some((schema) => schema.name === name)).map((name) => `${name} has no schema`),
  ];
  if (missing.length > 0) throw new Error(`The customer's door is incomplete: ${missing.join('; ')}`);
  return schemas
    .map((schema) => {
      const segments = schema.path.split('/').filter(Boolean);
      const params = segments.filter((segment) => segment.startsWith('{')).map((segment) => segment.slice(1, -1));
      const source = segments.map((segment) => (segment.startsWith('{') ? '([^/]+)' : literal(segment))).join('/');
      return {
        ...schema,
        handler: () => routes.get(schema.name)!,
        loaded: () => routes.loaded(schema.name),
        key: `${schema.method} ${USERAPI_PREFIX}${schema.path}`,
        params,
        pattern: new RegExp(`^/${source}/?$`),
        fixed: segments.length - params.length,
      };
    })
    .sort((a, b) => b.fixed - a.fixed);
}

/** A path's first segment ("invoice" of "/invoice/12"). */
function firstSegment(path: string): string {
  const end = path.indexOf('/', 1);
  return path.slice(1, end === -1 ? undefined : end);
}

/**
 * Each table's entries by their path's first segment, in the table's order: a request is matched
 * against the few routes under its first segment rather than all of them. Every route begins with a
 * fixed segment; a table where one did not would be matched whole (no index).
 */
const indexes = new WeakMap<readonly DoorEntry[], Map<string, DoorEntry[]> | undefined>();
function indexOf(table: readonly DoorEntry[]): Map<string, DoorEntry[]> | undefined {
  if (indexes.has(table)) return indexes.get(table);
  let index: Map<string, DoorEntry[]> | undefined = new Map();
  for (const entry of table) {
    const first = firstSegment(entry.path);
    if (first.startsWith('{')) {
      index = undefined;
      break;
    }
    const list = index.get(first) ?? [];
    list.push(entry);
    index.set(first, list);
  }
  indexes.set(table, index);
  return index;
}

/** The route for a method and a path under /api ("/invoice/12"), its path values decoded. */
export function matchRoute(table: readonly DoorEntry[], method: string, path: string): Match {
  const allowed: string[] = [];
  const index = indexOf(table);
  for (const entry of index ? (index.get(firstSegment(path)) ?? []) : table) {
    const found = entry.pattern.exec(path);
    if (!found) continue;
    if (entry.method !== method) {
      if (!allowed.includes(entry.method)) allowed.push(entry.method);
      continue;
    }
    const values: Record<string, string> = {};
    entry.params.forEach((name, i) => {
      values[name] = safeDecode(found[i + 1]);
    });
    return { entry, values };
  }
  return allowed.length > 0 ? { allowed } : undefined;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
