import qs from 'qs';
import { ApiError, messages } from '../errors.js';

// Bracket keys (`products[0][name]`) become nested objects and arrays, repeated
// keys become arrays, and keys that name Object.prototype members (`__proto__`,
// `constructor`, ...) are dropped, so no parameter can reach a prototype.
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

export type Params = Record<string, unknown>;

export function parseParams(input: string | Params): Params {
  try {
    return qs.parse(input as string, QS_OPTIONS) as Params;
  } catch {
    throw new ApiError(messages.paramsTooComplex());
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
