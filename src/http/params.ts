import { createRequire } from 'node:module';
import type qs from 'qs';
import { ApiError, messages } from '../errors.js';
import { isPrototypeKey, keySteps } from '../lib/param-keys.js';

// Bracket keys (`products[0][name]`) become nested objects and arrays, repeated
// keys become arrays, and keys that name Object.prototype members (`__proto__`,
// `constructor`, ...) are dropped, so no parameter can reach a prototype.
// qs alone would compact `custom[12][34]=v` into an array and lose 12 and 34;
// PHP keeps such keys. Explicit indices are therefore marked before qs reads
// them and turned back into keys after: a level becomes an array only when its
// keys are exactly 0..n-1 in order (as PHP's json_encode decides), and `[]`
// appends as usual, after the highest explicit index when it meets one.
// Loading qs is a measurable share of start-up (bench/README.md) and only
// bracketed or repeated keys need it (see readFlat), so it is loaded on the
// first such request, not at start-up.
let qsModule: typeof qs | undefined;
const loadQs = () => (qsModule ??= createRequire(import.meta.url)('qs') as typeof qs);

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

/**
 * The same limits for every encoding, JSON bodies included (qs only sees their
 * top-level keys): levels of nesting, entries of one list, and values in all.
 */
export const PARAM_LIMITS = { depth: QS_OPTIONS.depth, items: QS_OPTIONS.arrayLimit, values: QS_OPTIONS.parameterLimit } as const;

const INDEX = '\u001f';
const MARKED = /\[(\d{1,9})\]/g;
const INTEGER = /^(0|[1-9]\d{0,8})$/;

function mark(key: string): string {
  return key.replace(MARKED, `[${INDEX}$1]`);
}

function unmark(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(unmark);
  if (!isObject(value)) return value;
  const keys = Object.keys(value);
  const out: Record<string, unknown> = {};
  if (!keys.some((key) => key.startsWith(INDEX))) {
    for (const key of keys) if (!isPrototypeKey(key)) out[key] = unmark(value[key]);
    return out;
  }
  // Explicit indices keep their numbers. Numeric keys qs made from `[]` on the
  // same level go after the highest index, as PHP appends, so `a[0]=x&a[]=y`
  // keeps both values and `a[1]=x&a[]=y` gives keys 1 and 2.
  let inOrder = true;
  let previous = -1;
  const appended: string[] = [];
  for (const key of keys) {
    const explicit = key.startsWith(INDEX);
    const plain = explicit ? key.slice(1) : key;
    if (!explicit && INTEGER.test(key)) {
      appended.push(key);
      continue;
    }
    if (isPrototypeKey(plain)) continue;
    if (!explicit || Number(plain) <= previous) inOrder = false;
    previous = Math.max(previous, Number(plain));
    out[plain] = unmark(value[key]);
  }
  for (const key of appended) {
    out[String(nextIndex(out))] = unmark(value[key]);
  }
  const final = Object.keys(out);
  const sequential = inOrder && final.length > 0 && final.every((key, i) => key === String(i));
  return sequential ? final.map((key) => out[key]) : out;
}

function nextIndex(level: Record<string, unknown>): number {
  let max = -1;
  for (const key of Object.keys(level)) if (INTEGER.test(key)) max = Math.max(max, Number(key));
  return max + 1;
}

/**
 * False when a parsed value nests deeper, holds a longer list or more values
 * in all than PARAM_LIMITS allow. Iterative, so no input can exhaust the stack.
 */
export function withinLimits(root: unknown): boolean {
  const stack: Array<[unknown, number]> = [[root, 0]];
  let values = 0;
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (depth > PARAM_LIMITS.depth) return false;
    const children = Array.isArray(value) ? value : Object.values(value);
    if (Array.isArray(value) && value.length > PARAM_LIMITS.items) return false;
    values += children.length;
    if (values > PARAM_LIMITS.values) return false;
    for (const child of children) stack.push([child, depth + 1]);
  }
  return true;
}

/**
 * Pairs without a bracket in any key need none of qs' nesting, and most calls
 * send only such keys; qs (with the marking round trip) cost more than the
 * rest of a simple read. The result is what qs gives them (see addFlat).
 * Undefined when some key has brackets.
 */
function readFlat(pairs: Array<[string, string]>): Params | undefined {
  const out: Params = {};
  for (const [key, value] of pairs) {
    if (key.includes('[') || key.includes(']')) return undefined;
    addFlat(out, key, value);
  }
  return out;
}

/**
 * One pair of flat input, as qs reads it: repeated keys combine into a list of
 * at most arrayLimit values, empty and prototype keys are dropped.
 */
function addFlat(out: Params, key: string, value: string): void {
  if (key === '' || isPrototypeKey(key)) return;
  if (!Object.hasOwn(out, key)) out[key] = value;
  else {
    const list = ([] as unknown[]).concat(out[key], value);
    if (list.length > QS_OPTIONS.arrayLimit) throw new RangeError('too many values for one parameter');
    out[key] = list;
  }
}

/** What keeps a query string off readPlain: something encoded, or a bracket. */
const NOT_PLAIN = /[%+[\]]/;

/**
 * A query string with nothing encoded and no bracket, the form almost every
 * request sends, read in one pass: what pairsOf and readFlat give it, without
 * the list of pairs between them (a third of a read's parsing, bench/README.md).
 * Each `=` is searched for once, so a long run of pairs without one stays
 * linear. Undefined for anything else.
 */
function readPlain(input: string): Params | undefined {
  if (NOT_PLAIN.test(input)) return undefined;
  const out: Params = {};
  const end = input.length;
  let pairs = 0;
  let eq = -1;
  // URLSearchParams drops one leading "?".
  for (let start = input.charCodeAt(0) === 63 ? 1 : 0; start < end; ) {
    let amp = input.indexOf('&', start);
    if (amp < 0) amp = end;
    if (amp > start) {
      if (++pairs > QS_OPTIONS.parameterLimit) throw new RangeError('too many parameters');
      if (eq < start) eq = input.indexOf('=', start) >>> 0;
      if (eq < amp) addFlat(out, input.slice(start, eq), input.slice(eq + 1, amp));
      else addFlat(out, input.slice(start, amp), '');
    }
    start = amp + 1;
  }
  return out;
}

/** How a level of bracket keys was filled, to decide at the end whether it is a list (see unmark). */
interface Level {
  /** Only indices so far, each above the one before. */
  inOrder: boolean;
  previous: number;
}

const DIGITS = /^\d+$/;

/**
 * Bracket keys in their common form, read without qs: each key a name and
 * up to PARAM_LIMITS.depth [steps], each step a name or an index (0, 1, 2,
 * ... without leading zeros); no key sent twice; no value where another key
 * needs a level, or the reverse; no step naming an Object.prototype member.
 * The result is what qs with the marking round trip gives such pairs (a
 * level is a list when its keys are exactly 0..n-1, sent in that order),
 * for a fraction of its cost (bench/README.md, "Mutations applied at once");
 * test/http/params-brackets.test.ts compares the two on generated keys.
 * Undefined for anything else, which qs reads.
 */
export function readBrackets(pairs: Array<[string, string]>): Params | undefined {
  const out: Params = {};
  const levels = new Map<Params, Level>();
  for (const [key, value] of pairs) {
    // Most keys of such a request are flat (call, the credentials): no pattern needed for them.
    const steps = key.includes('[') || key.includes(']') || key === '' ? keySteps(key) : [key];
    if (steps === undefined || steps.length > PARAM_LIMITS.depth + 1) return undefined;
    let level = out;
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i];
      if (isPrototypeKey(step) || (i > 0 && DIGITS.test(step) && !INTEGER.test(step))) return undefined;
      const found = level[step];
      if (i > 0) {
        const filled = levels.get(level)!;
        if (found === undefined) {
          const index = INTEGER.test(step) ? Number(step) : -1;
          if (index <= filled.previous) filled.inOrder = false;
          filled.previous = index;
        }
      }
      if (i === steps.length - 1) {
        if (found !== undefined) return undefined;
        level[step] = value;
      } else if (found === undefined) {
        const next: Params = {};
        levels.set(next, { inOrder: true, previous: -1 });
        level[step] = next;
        level = next;
      } else if (levels.has(found as Params)) level = found as Params;
      else return undefined;
    }
  }
  return settled(out, levels) as Params;
}

/** The levels made lists where their keys are exactly 0..n-1 in the order sent, innermost first. */
function settled(value: unknown, levels: Map<Params, Level>): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const level = value as Params;
  const keys = Object.keys(level);
  for (const key of keys) level[key] = settled(level[key], levels);
  const filled = levels.get(level);
  if (!filled?.inOrder || !keys.every((key, i) => key === String(i))) return level;
  return keys.map((key) => level[key]);
}

/**
 * The pairs of a query string, as URLSearchParams reads them. Most requests
 * send nothing encoded (no `%`, no `+`), and splitting such a string is a
 * fraction of URLSearchParams' cost (bench/README.md, issue 45): the same
 * pairs, empty segments skipped, a key without `=` given ''.
 */
export function pairsOf(input: string): Array<[string, string]> {
  if (input.includes('%') || input.includes('+')) return [...new URLSearchParams(input)];
  const pairs: Array<[string, string]> = [];
  // URLSearchParams drops one leading "?".
  for (const part of (input.charCodeAt(0) === 63 ? input.slice(1) : input).split('&')) {
    if (part === '') continue;
    const at = part.indexOf('=');
    pairs.push(at < 0 ? [part, ''] : [part.slice(0, at), part.slice(at + 1)]);
  }
  return pairs;
}

function readQs(input: string | Record<string, unknown>): Params {
  if (typeof input === 'string') {
    const plain = readPlain(input);
    if (plain) return plain;
    const pairs = pairsOf(input);
    if (pairs.length > QS_OPTIONS.parameterLimit) throw new RangeError('too many parameters');
    const flat = readFlat(pairs);
    if (flat) return flat;
    const nested = readBrackets(pairs);
    if (nested) {
      if (!withinLimits(nested)) throw new RangeError('parameters beyond the limits');
      return nested;
    }
    input = new URLSearchParams(pairs.map(([k, v]): [string, string] => [mark(k), v])).toString();
  } else {
    // A JSON body: its nested values never pass through qs' limits, so check them first.
    if (!withinLimits(input)) throw new RangeError('parameters beyond the limits');
    input = Object.fromEntries(Object.entries(input).map(([k, v]) => [mark(k), v]));
  }
  const parsed = unmark(loadQs().parse(input as string, QS_OPTIONS)) as Params;
  if (!withinLimits(parsed)) throw new RangeError('parameters beyond the limits');
  return parsed;
}

export type Params = Record<string, unknown>;

// Parsers run inside Fastify's query and body hooks, where a throw would
// escape the error handler; a failed parse therefore returns a marked object
// that the endpoint turns into the error envelope. It keeps a plain `call`
// parameter, so that the envelope still names the call.
export const PARSE_FAILED = Symbol('billsim.parseFailed');

export function parseParams(input: string | Params): Params {
  try {
    return readQs(input);
  } catch {
    const failed: Params = { [PARSE_FAILED]: true };
    const call = typeof input === 'string' ? new URLSearchParams(input).get('call') : input.call;
    if (typeof call === 'string') failed.call = call;
    return failed;
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
