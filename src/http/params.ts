import qs from 'qs';
import { ApiError, messages } from '../errors.js';

// Bracket keys (`products[0][name]`) become nested objects and arrays, repeated
// keys become arrays, and keys that name Object.prototype members (`__proto__`,
// `constructor`, ...) are dropped, so no parameter can reach a prototype.
// qs alone would compact `custom[12][34]=v` into an array and lose 12 and 34;
// PHP keeps such keys. Explicit indices are therefore marked before qs reads
// them and turned back into keys after: a level becomes an array only when its
// keys are exactly 0..n-1 in order (as PHP's json_encode decides), and `[]`
// appends as usual.
const QS_OPTIONS = {
  allowPrototypes: false,
  plainObjects: false,
  depth: 8,
  strictDepth: true,
  arrayLimit: 1000,
  parameterLimit: 10000,
  throwOnLimitExceeded: true,
  duplicates: 'combine',
} as const satisfies qs.IParseOptions;

const INDEX = '\u001f';
const MARKED = /\[(\d{1,9})\]/g;

function mark(key: string): string {
  return key.replace(MARKED, `[${INDEX}$1]`);
}

function unmark(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(unmark);
  if (!isObject(value)) return value;
  const keys = Object.keys(value);
  const out: Record<string, unknown> = {};
  let sequential = keys.length > 0;
  keys.forEach((key, i) => {
    const plain = key.startsWith(INDEX) ? key.slice(1) : key;
    if (plain !== String(i) || !key.startsWith(INDEX)) sequential = false;
    out[plain] = unmark(value[key]);
  });
  return sequential ? keys.map((_, i) => out[String(i)]) : out;
}

function readQs(input: string | Record<string, unknown>): Params {
  if (typeof input === 'string') {
    const pairs = [...new URLSearchParams(input)];
    if (pairs.length > QS_OPTIONS.parameterLimit) throw new RangeError('too many parameters');
    input = new URLSearchParams(pairs.map(([k, v]): [string, string] => [mark(k), v])).toString();
  } else {
    input = Object.fromEntries(Object.entries(input).map(([k, v]) => [mark(k), v]));
  }
  return unmark(qs.parse(input as string, QS_OPTIONS)) as Params;
}

export type Params = Record<string, unknown>;

// Parsers run inside Fastify's query and body hooks, where a throw would
// escape the error handler; a failed parse therefore returns a marked object
// that the endpoint turns into the error envelope.
export const PARSE_FAILED = Symbol('billsim.parseFailed');

export function parseParams(input: string | Params): Params {
  try {
    return readQs(input);
  } catch {
    return { [PARSE_FAILED]: true } as Params;
  }
}

/** Throws the catalogue error when query or body could not be parsed. */
export function assertParsed(...parts: unknown[]): void {
  for (const part of parts) {
    if (isObject(part) && (part as Record<symbol, unknown>)[PARSE_FAILED]) throw new ApiError(messages.paramsTooComplex());
  }
}

/** Flat key/value pairs (multipart fields) read with the same bracket rules as a query string. */
export function parsePairs(pairs: Array<[string, string]>): Params {
  return parseParams(new URLSearchParams(pairs).toString());
}

/** Query string first, then body: a body value wins, as PHP's $_REQUEST does. */
export function mergeParams(query: unknown, body: unknown): Params {
  const merged: Params = {};
  if (isObject(query)) Object.assign(merged, query);
  if (isObject(body)) Object.assign(merged, body);
  return merged;
}

export function isObject(value: unknown): value is Params {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);
}

/** First value of a parameter as a string ('' when absent or not text). */
export function text(params: Params, key: string): string {
  const value = params[key];
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return '';
}
