// Every registered call, fed generated parameters through every encoding:
// wrong types, empty, huge, deeply nested, unicode, lists for scalars and the
// reverse, prototype keys. Every answer must be HTTP 200 with the JSON
// envelope: success with a result that matches the call's schema, or the
// error envelope with messages. FUZZ_RUNS sets the total number of cases
// (default 2,000 in the fast tier; `npm run test:fuzz` runs 100,000), FUZZ_SEED the seed.
import t from 'tap';
import fc from 'fast-check';
import { Writable } from 'node:stream';
import { operations } from '../../src/operations/index.js';
import { build } from '../helpers/app.js';
import { bent, EXAMPLES } from './examples.js';
import {
  checkAnswer,
  fcParams,
  jsonValue,
  ownObject,
  PROTOTYPE_KEYS,
  reproduce,
  plausiblePairs,
  requestPaths,
  send,
  totalRuns,
  via,
  wirePairs,
  wireValue,
  type Pair,
  type Request,
} from './support.js';

const CALLS = Object.keys(operations).sort();
const TOTAL = totalRuns(2_000);
// Most cases go to the calls one by one; the rest to the call name and to raw bodies.
const PER_CALL = Math.ceil((TOTAL * 0.9) / CALLS.length);
const CALL_NAME_RUNS = Math.max(1, Math.ceil((TOTAL - PER_CALL * CALLS.length) / 2));
const RAW_RUNS = Math.max(1, TOTAL - PER_CALL * CALLS.length - CALL_NAME_RUNS);

/** Error log lines of the app, so that an unexpected error shows its cause in the failure. */
function errorLog(): { stream: Writable; last: () => string } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      if (lines.length > 5) lines.shift();
      done();
    },
  });
  return { stream, last: () => lines.join('') };
}

/** JSON bodies: the same pairs, but some values swapped for any JSON (numbers, lists, objects, deep nesting). */
function asJson(pairs: Pair[]): fc.Arbitrary<Record<string, unknown>> {
  const swap = fc.oneof(
    { arbitrary: fc.constant('keep' as const), weight: 6 },
    { arbitrary: fc.constant('number' as const), weight: 2 },
    { arbitrary: jsonValue, weight: 2 },
  );
  return fc.array(swap, { minLength: pairs.length, maxLength: pairs.length }).map((swaps) =>
    ownObject(
      pairs.map(([k, v], i): [string, unknown] => {
        const how = swaps[i];
        if (how === 'keep') return [k, v];
        // A JSON number where the wire has digits: coerced like a query string's text.
        if (how === 'number') return [k, /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v];
        return [k, how];
      }),
    ),
  );
}

function requestFor(call: string): fc.Arbitrary<Request> {
  const paths = requestPaths(call);
  // Careful requests and bent good ones reach the operation's own rules; hostile ones the parsers and the validation.
  const examples = EXAMPLES[call] ?? [];
  const pairs =
    examples.length > 0
      ? fc.oneof(
          plausiblePairs(call, paths),
          wirePairs(paths),
          fc.constantFrom(...examples).chain((e) => bent(e, wireValue())),
        )
      : fc.oneof(plausiblePairs(call, paths), wirePairs(paths));
  return fc.tuple(via, pairs, fc.integer({ min: 0, max: 49 })).chain(([encoding, list, roll]) => {
    // One case in fifty without valid credentials: the answer is an auth error, still an envelope.
    const credentials = roll === 0 ? null : roll === 1 ? { api_id: 'billsim', api_key: 'x' } : undefined;
    if (encoding !== 'json') return fc.constant<Request>({ via: encoding, call, pairs: list, credentials });
    return asJson(list).map((json): Request => ({ via: 'json', call, json, credentials }));
  });
}

t.test('every call answers generated parameters with a valid envelope', async (t) => {
  const log = errorLog();
  const app = await build(t, { logger: { level: 'error', stream: log.stream } });
  t.comment(`${PER_CALL} cases per call, ${reproduce()}`);
  for (const [index, call] of CALLS.entries()) {
    const session = `fuzz-${call}`;
    const counts = { success: 0, error: 0 };
    const seen = new Map<string, number>();
    try {
      await fc.assert(
        fc.asyncProperty(requestFor(call), async (request) => {
          const response = await send(app, { ...request, session });
          try {
            const body = checkAnswer(response, call);
            counts[body.success ? 'success' : 'error']++;
            const first = body.success ? 'success' : body.error![0].slice(0, 90);
            seen.set(first, (seen.get(first) ?? 0) + 1);
          } catch (error) {
            throw new Error(`${(error as Error).message}\n${log.last()}`);
          }
        }),
        fcParams(PER_CALL, index),
      );
      t.pass(`${call}: ${counts.success} successes, ${counts.error} errors`);
      // FUZZ_VERBOSE=1 shows what the answers were, to tune the generators.
      if (process.env.FUZZ_VERBOSE) {
        for (const [message, n] of [...seen].sort((a, b) => b[1] - a[1]).slice(0, 6)) t.comment(`  ${n} x ${message}`);
      }
    } catch (error) {
      t.fail(`${call}: ${(error as Error).message}\n${reproduce(index)}`);
    }
  }
});

t.test('any call name, any credentials: still the envelope', async (t) => {
  const app = await build(t);
  const callName = fc.oneof(
    fc.constantFrom(...CALLS),
    fc.constantFrom(...PROTOTYPE_KEYS, '', ' ', 'getclients', 'GETCLIENTS', 'getClients ', 'call', 'hasOwnProperty'),
    fc.string({ unit: 'grapheme', maxLength: 30 }),
    wireValue(),
  );
  const credential = fc.option(
    fc.record({ api_id: wireValue(['billsim', 'readonly', 'office']), api_key: wireValue(['billsim-secret']) }),
    { nil: null },
  );
  const request = fc.tuple(via, callName, credential, wirePairs([]), fc.boolean()).map(
    ([encoding, call, credentials, pairs, asList]): Request => ({
      via: encoding,
      call: asList ? undefined : call,
      credentials,
      // The call as a list or a map instead of a name.
      pairs: asList ? [[`call[]`, call], ['call[x]', call], ...pairs] : pairs,
    }),
  );
  await fc.assert(
    fc.asyncProperty(request, async (r) => {
      checkAnswer(await send(app, r));
    }),
    fcParams(CALL_NAME_RUNS, CALLS.length),
  );
  t.pass(`${CALL_NAME_RUNS} cases`);
});

t.test('any body bytes under any content type: still the envelope', async (t) => {
  const app = await build(t, { bodyLimit: 64 * 1024 });
  const boundary = 'fuzzb0undary';
  const contentType = fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'application/x-www-form-urlencoded',
    'application/x-www-form-urlencoded; charset=latin1',
    `multipart/form-data; boundary=${boundary}`,
    'multipart/form-data',
    'multipart/form-data; boundary=',
    'multipart/mixed; boundary=x',
    'text/plain',
    'application/xml',
    'application/octet-stream',
    '*/*',
    'application/json, text/plain',
    ';;;',
    'application/vnd.api+json',
  );
  const part = fc
    .tuple(fc.string({ unit: 'grapheme', maxLength: 20 }), fc.string({ unit: 'binary', maxLength: 40 }), fc.boolean(), fc.boolean())
    .map(
      ([name, value, file, close]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? '; filename="f.bin"' : ''}\r\n` +
        `${file ? 'Content-Type: application/octet-stream\r\n' : ''}\r\n${value}\r\n${close ? `--${boundary}--\r\n` : ''}`,
    );
  const text = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.json({ maxDepth: 4 }),
    fc.array(part, { maxLength: 4 }).map((parts) => parts.join('')),
    fc.tuple(fc.json({ maxDepth: 2 }), fc.nat({ max: 20 })).map(([json, cut]) => json.slice(0, Math.max(0, json.length - cut))),
    fc.constantFrom(
      '',
      '{}',
      '[]',
      'null',
      '"x"',
      '1',
      '{"__proto__":{"x":1}}',
      '{"constructor":{"prototype":{"x":1}}}',
      'call=getCurrencies',
      '\u0000\u0000',
      'x'.repeat(70_000),
    ),
  );
  const bytes = fc.oneof(
    text.map((s) => Buffer.from(s)),
    fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
  );
  const method = fc.constantFrom('POST' as const, 'GET' as const);
  const query = fc.constantFrom(
    '',
    'call=getCurrencies&api_id=billsim&api_key=billsim-secret',
    'call=getClientDetails&id=1&api_id=billsim&api_key=billsim-secret',
  );
  await fc.assert(
    fc.asyncProperty(method, query, contentType, bytes, async (m, q, type, payload) => {
      const response = await app.inject({ method: m, url: `/admin/api.php?${q}`, headers: { 'content-type': type }, payload });
      checkAnswer(response);
    }),
    fcParams(RAW_RUNS, CALLS.length + 1),
  );
  t.pass(`${RAW_RUNS} cases`);
});
