// Shared pieces of the fuzz tests: run counts and seed from the environment,
// the parameter names each call's request schema knows, generators of hostile
// wire parameters, a sender for every encoding, and the answer check every
// response must pass.
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { allSchemas, operationSchemaId, resultValidator, strictValidator, SCHEMA_BASE } from '../../src/schemas.js';
import { messages } from '../../src/errors.js';
import { operations } from '../../src/operations/index.js';
import { CREDENTIALS } from '../helpers/app.js';

// ---------------------------------------------------------------- configuration

function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

/** Total generated cases of a fuzz file, shared out between its properties (FUZZ_RUNS). */
export function totalRuns(fallback: number): number {
  return positiveInt('FUZZ_RUNS', fallback);
}

/** The base seed (FUZZ_SEED); fixed by default so that a failure repeats. */
export const FUZZ_SEED = positiveInt('FUZZ_SEED', 20261120);

/** fast-check settings for one property; each property gets its own seed derived from the base. */
export function fcParams(numRuns: number, offset = 0): fc.Parameters<unknown> {
  return { numRuns: Math.max(1, numRuns), seed: (FUZZ_SEED + offset) | 0, endOnFailure: numRuns > 2000 };
}

/** Repeat hint printed with every failure. */
export function reproduce(offset = 0): string {
  return `reproduce with FUZZ_SEED=${FUZZ_SEED} (property seed ${(FUZZ_SEED + offset) | 0})`;
}

// ---------------------------------------------------------------- request schema paths

type Schema = Record<string, unknown>;

/** One parameter path of a request: `*` stands for a map key, `#` for a list index. */
export interface ParamPath {
  segments: string[];
  /** Values the schema names (enum, const). */
  values: string[];
  /** The leaf's pattern, if it has one. */
  pattern?: string;
  /** Every named segment is required where it stands. */
  required: boolean;
}

let byId: Map<string, Schema> | undefined;

function schemaById(id: string): Schema | undefined {
  byId ??= new Map(allSchemas().map((s) => [String(s.$id), s]));
  return byId.get(id);
}

function resolve(ref: string, base: string): { schema: Schema; base: string } | undefined {
  const url = new URL(ref, base);
  const docId = `${url.origin}${url.pathname}`;
  let node: unknown = schemaById(docId);
  for (const part of url.hash.replace(/^#\/?/, '').split('/').filter(Boolean)) {
    node = (node as Record<string, unknown> | undefined)?.[decodeURIComponent(part)];
  }
  return node && typeof node === 'object' ? { schema: node as Schema, base: docId } : undefined;
}

function collectValues(schema: Schema, into: Set<string>): void {
  for (const v of (schema.enum as unknown[] | undefined) ?? []) into.add(String(v));
  if (schema.const !== undefined) into.add(String(schema.const));
}

/** Every leaf path a call's request schema describes, with the values its enums allow. */
export function requestPaths(call: string): ParamPath[] {
  const id = operationSchemaId(call);
  const root = resolve('#/properties/request', id);
  const found = new Map<string, ParamPath>();
  const walk = (schema: Schema, base: string, segments: string[], required: boolean, depth: number): void => {
    if (depth > 12 || segments.length > 6) return;
    if (typeof schema.$ref === 'string') {
      const target = resolve(schema.$ref, base);
      if (target) walk(target.schema, target.base, segments, required, depth + 1);
      return;
    }
    let leaf = true;
    const props = schema.properties as Record<string, Schema> | undefined;
    const needed = new Set((schema.required as string[] | undefined) ?? []);
    for (const [name, child] of Object.entries(props ?? {})) {
      leaf = false;
      walk(child, base, [...segments, name], required && needed.has(name), depth + 1);
    }
    if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
      leaf = false;
      walk(schema.additionalProperties as Schema, base, [...segments, '*'], required, depth + 1);
    }
    if (schema.items && typeof schema.items === 'object') {
      leaf = false;
      walk(schema.items as Schema, base, [...segments, '#'], required, depth + 1);
    }
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
      for (const child of (schema[key] as Schema[] | undefined) ?? []) walk(child, base, segments, required, depth + 1);
    }
    for (const key of ['then', 'else'] as const) {
      if (schema[key]) {
        leaf = false;
        walk(schema[key] as Schema, base, segments, required, depth + 1);
      }
    }
    if (leaf && segments.length > 0) {
      const key = segments.join('\u0000');
      const path = found.get(key) ?? { segments, values: [], required };
      const values = new Set(path.values);
      collectValues(schema, values);
      path.values = [...values];
      if (typeof schema.pattern === 'string') path.pattern = schema.pattern;
      found.set(key, path);
    }
  };
  if (root) walk(root.schema, root.base, [], true, 0);
  return [...found.values()];
}

// ---------------------------------------------------------------- value generators

export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'];

const HUGE = {
  ascii: 'a'.repeat(1_000_000),
  digits: '1'.repeat(1_000_000),
  accented: 'é'.repeat(500_000),
  brackets: '['.repeat(1_000_000),
  overLimit: 'x'.repeat(1_100_000),
};

/** Values that look right to a loose parser: ids, amounts, dates, codes. */
const PLAUSIBLE = [
  '1',
  '2',
  '3',
  '4',
  '5',
  '10',
  '20',
  '0',
  '12.30',
  '0.01',
  '1.5',
  '100',
  '2026-01-01',
  '2026-12-31',
  '2026-02-30',
  'm',
  'a',
  'q',
  'Monthly',
  'Register',
  'Transfer',
  'Active',
  'Draft',
  'true',
  'false',
  'on',
  'someone@example.com',
  'Secret-123',
  'tok_123',
  '4242',
  '12/30',
  'US',
  'example.com',
];

const EDGE = [
  '',
  ' ',
  '\t\n',
  '\u0000',
  '-1',
  '-0',
  '+1',
  '1e309',
  '1e-7',
  'NaN',
  'Infinity',
  '0x10',
  '0b1',
  '1_000',
  '99999999999999999999999',
  '9007199254740993',
  '1.005',
  '1.',
  '.5',
  '１',
  '٣',
  '1 ',
  ' 1',
  '01',
  '0000-00-00',
  '9999-99-99',
  '2026-1-1',
  '2026-02-29 25:61:61',
  '00:00',
  '__proto__',
  'constructor',
  'toString',
  'null',
  'undefined',
  '[]',
  '{}',
  '[object Object]',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '%00',
  '%',
  '%ZZ',
  '&',
  '=',
  '[',
  ']',
  '[]',
  '\\',
  '"',
  "'",
  '\u202e\u0644\u0627',
  '😀👨‍👩‍👧',
  '\ud800',
  'Ω≈ç√∫',
  'ｅｘａｍｐｌｅ',
  'a\r\nb',
];

const hugeValue = fc.constantFrom(...Object.values(HUGE));
// Longer than any text field allows, without the cost of generating it character by character.
const longText = fc.tuple(fc.constantFrom('a', 'Ω', '1', ' ', '0.'), fc.integer({ min: 201, max: 70_000 })).map(([s, n]) => s.repeat(n));

/** A text value for one wire parameter, rarely megabytes long. */
export function wireValue(known: readonly string[] = []): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...(known.length > 0 ? known : PLAUSIBLE)), weight: 600 },
    { arbitrary: fc.constantFrom(...PLAUSIBLE), weight: 400 },
    { arbitrary: fc.constantFrom(...EDGE), weight: 400 },
    { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 200 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 20 }), weight: 100 },
    { arbitrary: fc.integer({ min: -5, max: 40 }).map(String), weight: 200 },
    { arbitrary: longText, weight: 20 },
    { arbitrary: hugeValue, weight: 8 },
  );
}

const mapKey = fc.constantFrom('0', '1', '2', '3', '5', '12', '10', '11', '999999999', '99999999999999999999', 'x', '-1', '1.5', '');
const indexKey = fc.constantFrom('', '', '0', '1', '2', '7');

function render(name: string, segments: string[]): string {
  return name + segments.map((s) => `[${s}]`).join('');
}

/** A wire key for a known path, often bent: cut short, extended, renamed, or nested far too deep. */
function keyFor(path: ParamPath): fc.Arbitrary<string> {
  const [name, ...rest] = path.segments;
  const concrete = fc
    .tuple(...rest.map((s) => (s === '*' ? mapKey : s === '#' ? indexKey : fc.constant(s))))
    .map((parts) => parts as string[]);
  const exact = rest.length === 0 ? fc.constant([] as string[]) : concrete;
  return fc.oneof(
    { arbitrary: exact.map((parts) => render(name, parts)), weight: 10 },
    // A scalar where a list or map is expected, and the reverse.
    { arbitrary: exact.map((parts) => render(name, parts.slice(0, -1))), weight: 2 },
    {
      arbitrary: fc.tuple(exact, fc.constantFrom('', '0', 'x', 'a][b')).map(([parts, extra]) => render(name, [...parts, extra])),
      weight: 2,
    },
    // A prototype key somewhere along the path.
    {
      arbitrary: fc.tuple(exact, fc.constantFrom(...PROTOTYPE_KEYS), fc.nat()).map(([parts, proto, at]) => {
        const all = [name, ...parts];
        all.splice(at % (all.length + 1), 0, proto);
        return render(all[0], all.slice(1));
      }),
      weight: 1,
    },
    // Deep or broken brackets.
    { arbitrary: fc.integer({ min: 1, max: 40 }).map((n) => name + '[a]'.repeat(n)), weight: 1 },
    {
      arbitrary: fc
        .constantFrom('[', ']', '[[0]]', '][', '[0', '[ ]', '[%5B]', '.x', '[0][0][0][0][0][0][0][0][0][0]')
        .map((s) => name + s),
      weight: 1,
    },
  );
}

/** Keys no schema knows: random text, transport names, prototype keys. */
const strayKey = fc.oneof(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
  fc.constantFrom('call', 'api_id', 'api_key', 'outputformat', 'id', 'page', 'perpage', '', '[]', '[0]', '=', '&'),
  fc.constantFrom(...PROTOTYPE_KEYS).chain((p) => fc.constantFrom(p, `${p}[x]`, `${p}[prototype][x]`, `a[${p}][x]`, `${p}[__proto__][x]`)),
);

export type Pair = [string, string];

const ID_NAMES = /(^|_)(id|cid|copyof|product|service|domain|payment_module)$/;

/** A value the schema would accept for this path, with ids small enough to name fixture records. */
function plausibleValue(path: ParamPath): fc.Arbitrary<string> {
  const name = path.segments.filter((s) => s !== '*' && s !== '#').at(-1) ?? '';
  if (path.values.length > 0) return fc.constantFrom(...path.values);
  if (/^password2?$/.test(name)) return fc.constantFrom('Secret-123', 'billsim-admin');
  if (name === 'username') return fc.constantFrom('admin', 'mkovacs', 'nobody');
  if (ID_NAMES.test(name)) return fc.constantFrom('1', '2', '3', '4', '5', '6', '1', '2', '0', '25');
  if (path.pattern) {
    try {
      return fc.stringMatching(new RegExp(path.pattern), { size: 'xsmall' }).filter((v) => v.length <= 200);
    } catch {
      // A pattern fast-check cannot generate from (lookahead): fall through.
    }
  }
  if (/qty|period|limit/.test(name)) return fc.constantFrom('1', '2', '3');
  return fc.oneof(fc.constantFrom('Fuzz', 'Plan', 'Name'), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }));
}

/**
 * Pairs a careful client would send: every required parameter and a few optional
 * ones, exact keys, values of the right shape. These reach the operations' own rules.
 */
export function plausiblePairs(_call: string, paths: readonly ParamPath[]): fc.Arbitrary<Pair[]> {
  if (paths.length === 0) return fc.constant([]);
  // Paths group by top-level name and by form (a list `#` or a map `*` at the first wildcard).
  const branchOf = (p: ParamPath) => {
    const at = p.segments.findIndex((seg) => seg === '#' || seg === '*');
    return (at < 0 ? p.segments.slice(0, 1) : p.segments.slice(0, at + 1)).join('.');
  };
  const groups = new Map<string, Map<string, ParamPath[]>>();
  for (const p of paths) {
    const byBranch = groups.get(p.segments[0]) ?? new Map<string, ParamPath[]>();
    byBranch.set(branchOf(p), [...(byBranch.get(branchOf(p)) ?? []), p]);
    groups.set(p.segments[0], byBranch);
  }
  // Each top-level parameter: a form, then all its required leaves and some optional ones.
  const top = [...groups.values()].map((byBranch) =>
    fc.constantFrom(...byBranch.values()).chain((branch) => {
      const must = branch.filter((p) => p.required);
      const may = branch.filter((p) => !p.required);
      const extra = may.length ? fc.subarray(may, { minLength: must.length ? 0 : 1, maxLength: Math.min(3, may.length) }) : fc.constant([]);
      return extra.map((more) => ({ required: must.length > 0, list: [...must, ...more] }));
    }),
  );
  const chosen = fc
    .tuple(
      ...top,
      fc.array(
        fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
        { minLength: top.length, maxLength: top.length },
      ),
    )
    .map((parts) => {
      const flags = parts.pop() as boolean[];
      const picks = parts as Array<{ required: boolean; list: ParamPath[] }>;
      // Required parameters always, optional ones by a coin toss.
      return picks.filter((pick, i) => pick.required || flags[i]).flatMap((pick) => pick.list);
    });
  return fc.tuple(chosen, fc.constantFrom('0', '1', '2'), fc.constantFrom('1', '2', '3', '10', '12', '0')).chain(([list, index, key]) =>
    fc.tuple(
      ...list.map((path) =>
        plausibleValue(path).map((value): Pair => {
          const [name, ...rest] = path.segments;
          return [
            render(
              name,
              rest.map((s) => (s === '#' ? index : s === '*' ? key : s)),
            ),
            value,
          ];
        }),
      ),
    ),
  );
}

/** A list of wire pairs aimed at one call: mostly its own parameters, some bent, some strays, some repeated. */
export function wirePairs(paths: readonly ParamPath[]): fc.Arbitrary<Pair[]> {
  const known =
    paths.length > 0
      ? fc.constantFrom(...paths).chain((path) => fc.tuple(keyFor(path), wireValue(path.values)))
      : fc.tuple(strayKey, wireValue());
  const pair = fc.oneof({ arbitrary: known, weight: 8 }, { arbitrary: fc.tuple(strayKey, wireValue()), weight: 1 });
  return fc.array(pair, { maxLength: 12 }).chain((list) =>
    fc.oneof(
      { arbitrary: fc.constant(list), weight: 80 },
      // Repeat a pair (a list where a scalar is expected).
      { arbitrary: fc.integer({ min: 2, max: 4 }).map((n) => (list.length ? [...list, ...Array(n).fill(list[0])] : list)), weight: 10 },
      // Many keys at once.
      {
        arbitrary: fc
          .integer({ min: 100, max: 1200 })
          .map((n) => [...list, ...Array.from({ length: n }, (_, i): Pair => [`k${i}`, String(i)])]),
        weight: 3,
      },
    ),
  );
}

/** Arbitrary JSON for a JSON body: scalars of every type, lists, objects, deep nesting. */
export const jsonValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: wireValue(), weight: 40 },
  { arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(1e308), fc.constant(-0)), weight: 30 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 20 },
  { arbitrary: fc.integer({ min: 10, max: 3000 }).map((n) => nest(n)), weight: 3 },
  { arbitrary: fc.integer({ min: 1000, max: 20_000 }).map((n) => Array.from({ length: n }, (_, i) => i)), weight: 2 },
);

function nest(depth: number): unknown {
  let value: unknown = '1';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/** An object whose keys may be prototype names as own properties (as JSON.parse makes them). */
export function ownObject(entries: Array<[string, unknown]>): Record<string, unknown> {
  const out = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of entries) {
    const prev = Object.hasOwn(out, key) ? out[key] : undefined;
    const next = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
    Object.defineProperty(out, key, { value: next, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

// ---------------------------------------------------------------- sending

export type Via = 'get' | 'form' | 'multipart' | 'json';
export const VIAS: Via[] = ['get', 'form', 'multipart', 'json'];
export const via = fc.constantFrom(...VIAS);

export interface Request {
  via: Via;
  call?: string;
  /** null: no credentials at all. */
  credentials?: Record<string, string> | null;
  pairs?: Pair[];
  /** For via json: the body object instead of pairs. */
  json?: Record<string, unknown>;
  session?: string;
}

function multipartBody(list: Pair[]): { payload: Buffer; boundary: string } {
  const boundary = '----billsimfuzzboundary7MA4YWxk';
  // Names are quoted as browsers do it: ", CR and LF percent-encoded.
  const quoteName = (name: string) => name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const parts = list.map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${quoteName(k)}"\r\n\r\n${v}\r\n`);
  return { payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`), boundary };
}

/** Sends one request the way a client of that encoding would; never throws on the answer. */
export async function send(app: FastifyInstance, request: Request): Promise<LightMyRequestResponse> {
  const head: Pair[] = [];
  if (request.call !== undefined) head.push(['call', request.call]);
  const credentials = request.credentials === null ? {} : (request.credentials ?? CREDENTIALS);
  for (const [k, v] of Object.entries(credentials)) head.push([k, v]);
  const list = [...head, ...(request.pairs ?? [])];
  const headers: Record<string, string> = {};
  if (request.session) headers['x-billsim-session'] = request.session;
  switch (request.via) {
    case 'get':
      return app.inject({ method: 'GET', url: `/admin/api.php?${new URLSearchParams(list)}`, headers });
    case 'form':
      headers['content-type'] = 'application/x-www-form-urlencoded';
      return app.inject({ method: 'POST', url: '/admin/api.php', payload: new URLSearchParams(list).toString(), headers });
    case 'multipart': {
      const { payload, boundary } = multipartBody(list);
      headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
      return app.inject({ method: 'POST', url: '/admin/api.php', payload, headers });
    }
    case 'json': {
      headers['content-type'] = 'application/json';
      const body = request.json ? ownObject([...head, ...Object.entries(request.json)]) : ownObject(list);
      return app.inject({ method: 'POST', url: '/admin/api.php', payload: JSON.stringify(body), headers });
    }
  }
}

// ---------------------------------------------------------------- the answer check

const PROTOTYPES = [Object.prototype, Array.prototype, Function.prototype, String.prototype];
const pristine = PROTOTYPES.map((p) => Object.getOwnPropertyNames(p).sort().join(','));

/** Throws when any built-in prototype gained or lost a property. */
export function assertPrototypesClean(): void {
  PROTOTYPES.forEach((proto, i) => {
    const now = Object.getOwnPropertyNames(proto).sort().join(',');
    if (now !== pristine[i]) throw new Error(`a built-in prototype changed: ${now}`);
  });
  for (const key of ['polluted', 'x', 'a', 'b', 'isAdmin']) {
    if (key in {}) throw new Error(`Object.prototype has ${key}`);
  }
}

const envelope = () => strictValidator(`${SCHEMA_BASE}common/envelope.json`);
const errorEnvelope = () => strictValidator(`${SCHEMA_BASE}common/error.json`);

export interface Answer {
  success: boolean;
  call: string;
  error?: string[];
  [key: string]: unknown;
}

function describe(response: LightMyRequestResponse): string {
  const body = response.body.length > 600 ? `${response.body.slice(0, 600)}...` : response.body;
  return `HTTP ${response.statusCode} ${String(response.headers['content-type'])}: ${body}`;
}

/**
 * The contract of every answer: HTTP 200, a JSON body, and either the success
 * envelope whose fields match `call`'s result schema, or the error envelope
 * with a non-empty list of messages that is not the internal-error catch-all.
 * `call` undefined: the call name was fuzzed too, so only the envelope counts.
 */
export function checkAnswer(response: LightMyRequestResponse, call?: string): Answer {
  if (response.statusCode !== 200) throw new Error(`not HTTP 200: ${describe(response)}`);
  if (!String(response.headers['content-type']).startsWith('application/json')) throw new Error(`not JSON: ${describe(response)}`);
  let body: Answer;
  try {
    body = JSON.parse(response.body) as Answer;
  } catch {
    throw new Error(`body does not parse: ${describe(response)}`);
  }
  if (typeof body !== 'object' || body === null) throw new Error(`body is not an object: ${describe(response)}`);
  if (body.success === true) {
    const check = envelope();
    if (!check(body)) throw new Error(`success envelope invalid ${JSON.stringify(check.errors)}: ${describe(response)}`);
    if (call !== undefined) {
      // A call whose published answer names another call (its AnswerShape) echoes that name.
      const echoed = (Object.hasOwn(operations, call) ? operations[call].answer?.call : undefined) ?? call;
      if (body.call !== echoed) throw new Error(`answer names call ${body.call}, not ${echoed}`);
      const { success, call: _c, server_time, info, ...result } = body;
      void success;
      void _c;
      void server_time;
      void info;
      const validate = resultValidator(call);
      if (!validate(result))
        throw new Error(`${call} result does not match its schema ${JSON.stringify(validate.errors)}: ${describe(response)}`);
    }
  } else {
    const check = errorEnvelope();
    if (!check(body)) throw new Error(`error envelope invalid ${JSON.stringify(check.errors)}: ${describe(response)}`);
    if (body.error!.includes(messages.internal())) throw new Error(`internal error (a hidden 500): ${describe(response)}`);
  }
  assertPrototypesClean();
  return body;
}
