// Every control route, and the endpoint, asked with every method, hostile
// bodies (malformed JSON, arrays, scalars, huge numbers, prototype keys, wrong
// content types), odd names and session headers: never a 500, never a crash,
// and every answer of status 400 or more is JSON with an `error` string.
// FUZZ_RUNS sets the number of cases (default 1,000 in the fast tier; `npm run test:fuzz` runs 100,000), FUZZ_SEED the seed.
import t from 'tap';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { build } from '../helpers/app.js';
import { assertPrototypesClean, fcParams, PROTOTYPE_KEYS, reproduce, totalRuns } from './support.js';

const RUNS = totalRuns(1_000);

// Kept equal to the routes the 404 answer lists (checked below).
const ROUTES = [
  'GET /health',
  'POST /reset',
  'GET /sessions',
  'DELETE /sessions/:name',
  'GET /snapshots',
  'POST /snapshots/:name',
  'POST /snapshots/:name/restore',
  'DELETE /snapshots/:name',
  'GET /requests',
  'DELETE /requests',
  'GET /emails',
  'DELETE /emails',
  'GET /coverage',
  'GET /state',
  'GET /state/:collection',
  'GET /state/:collection/:id',
  'POST /stubs',
  'GET /stubs',
  'GET /stubs/near-misses',
  'DELETE /stubs',
  'DELETE /stubs/:id',
  'POST /faults',
  'GET /faults',
  'DELETE /faults',
  'DELETE /faults/:id',
  'POST /webhooks',
  'GET /webhooks',
  'DELETE /webhooks',
  'DELETE /webhooks/:id',
  'GET /webhooks/events',
  'GET /webhooks/deliveries',
  'POST /webhooks/deliveries/:id/redeliver',
  'GET /clock',
  'POST /clock',
  'POST /clock/cancel',
  'GET /automation',
  'POST /automation',
  'GET /',
  'GET /dashboard/:file',
];
const METHODS = ['GET', 'POST', 'DELETE', 'PUT', 'PATCH', 'HEAD', 'OPTIONS', 'TRACE', 'PROPFIND', 'QUERY'];
const FIELDS = [
  'call',
  'error',
  'status',
  'delayMs',
  'times',
  'answer',
  'params',
  'failure',
  'now',
  'advanceSeconds',
  'frozen',
  'limit',
  'to',
  ...PROTOTYPE_KEYS,
];

const name = fc.oneof(
  fc.constantFrom('s1', 'clean', 'news', 'clients', '1', '999', 'default', 'x'.repeat(70), ...PROTOTYPE_KEYS),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 10 }),
);
const segment = name.map((n) => encodeURIComponent(n));

const path = fc.oneof(
  { arbitrary: fc.tuple(fc.constantFrom(...ROUTES), segment, segment).map(([r, a, b]) => fill(r, a, b)), weight: 8 },
  { arbitrary: fc.array(segment, { maxLength: 4 }).map((parts) => `/__billsim/${parts.join('/')}`), weight: 1 },
  { arbitrary: fc.constantFrom('/__billsim', '/__billsim/', '/admin/api.php', '/__billsim/health/', '/__billsim//reset'), weight: 1 },
);

function fill(route: string, a: string, b: string): string {
  let n = 0;
  return `/__billsim${route.split(' ')[1].replace(/:[a-z]+/g, () => (n++ === 0 ? a : b))}`;
}

const query = fc.oneof(
  fc.constant(''),
  fc.constantFrom(
    '?all=1',
    '?all=true',
    '?limit=0',
    '?limit=5',
    '?limit=99999999',
    '?limit=1&limit=2',
    '?call=getCurrencies',
    '?call[x]=1',
  ),
  fc.tuple(fc.constantFrom('all', 'limit', 'call', '__proto__'), name).map(([k, v]) => `?${k}=${encodeURIComponent(v)}`),
);

const hostileNumber = fc.constantFrom(1e308, -1e308, 1e15, -1e15, 2 ** 53 + 1, -0, 0.5, 42, 0, 1, 86_400, 100_000_000_000);
const fieldValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileNumber,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('getCurrencies', '*', 'nope', '2027-01-01 00:00:00', '2027-02-30 00:00:00', '9999-12-31 23:59:59', '', 'true'),
  fc.array(fc.oneof(fc.string({ maxLength: 20 }), fc.integer()), { maxLength: 12 }),
  fc.jsonValue({ maxDepth: 3 }),
);
// Near-valid faults and clock changes, to reach the rules behind the shape checks.
const plausibleFault = fc.record(
  {
    call: fc.constantFrom('getCurrencies', '*', 'getClients', 'nope'),
    error: fc.array(fc.string({ minLength: 1, maxLength: 20 }), { minLength: 1, maxLength: 3 }),
    status: fc.integer({ min: 150, max: 650 }),
    delayMs: fc.constantFrom(0, 1, -1, 60_001),
    times: fc.integer({ min: -1, max: 3 }),
  },
  { requiredKeys: ['call'] },
);
const plausibleClock = fc.record(
  {
    now: fc.constantFrom('2027-01-01 00:00:00', '1969-12-31 23:59:59', '9999-12-31 23:59:59', '2027-01-01', 'soon'),
    advanceSeconds: fc.oneof(hostileNumber, fc.integer({ min: -1_000_000, max: 1_000_000 })),
    frozen: fc.oneof(fc.boolean(), fieldValue),
  },
  { requiredKeys: [] },
);
const asJson = (o: unknown) => ({ type: 'application/json', payload: JSON.stringify(o) });

const jsonObject = fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 8 })), fieldValue, { maxKeys: 5 });

/** A body as text and the content type it is sent with (undefined: none at all). */
const body: fc.Arbitrary<{ type?: string; payload?: string }> = fc.oneof(
  { arbitrary: fc.constant({}), weight: 3 },
  { arbitrary: jsonObject.map(asJson), weight: 6 },
  { arbitrary: fc.oneof(plausibleFault, plausibleClock).map(asJson), weight: 2 },
  {
    arbitrary: fc
      .jsonValue({ maxDepth: 3 })
      .map((v) => ({ type: 'application/json; charset=utf-8', payload: JSON.stringify(v) ?? 'null' })),
    weight: 2,
  },
  {
    arbitrary: fc
      .constantFrom(
        '{',
        '{"now":',
        '[1,2',
        'nul',
        '{"advanceSeconds": 1e999}',
        '{"__proto__": {"polluted": 1}, "frozen": true}',
        '{"constructor": {"prototype": {"polluted": 1}}}',
        '{"call": "*", "delayMs": 0, "__proto__": {"x": 1}}',
        '   ',
        '"text"',
        '12',
        `{"call":"getCurrencies","error":[${'"x",'.repeat(50)}"x"]}`,
      )
      .map((payload) => ({ type: 'application/json', payload })),
    weight: 2,
  },
  {
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'text/plain',
          'application/xml',
          'application/octet-stream',
          'application/vnd.api+json',
          ';;;',
          undefined,
        ),
        fc.oneof(
          fc.constantFrom('', 'advanceSeconds=60', 'call=*&delayMs=1', '--x\r\n\r\n--x--'),
          fc.string({ unit: 'binary', maxLength: 60 }),
        ),
      )
      .map(([type, payload]) => ({ type, payload })),
    weight: 2,
  },
);

const sessionHeader = fc.option(fc.oneof(fc.constantFrom('fz', 'fz2', 'default', 'bad name', '', 'x'.repeat(65), '__proto__'), name), {
  nil: undefined,
  freq: 2,
});

interface Request {
  method: string;
  url: string;
  type?: string;
  payload?: string;
  session?: string;
}

// Mostly a route with its own method, to reach the service's rules; else any method on any path.
const target = fc.oneof(
  {
    arbitrary: fc
      .tuple(fc.constantFrom(...ROUTES), segment, segment)
      .map(([r, a, b]) => ({ method: r.split(' ')[0], path: fill(r, a, b) })),
    weight: 6,
  },
  { arbitrary: fc.tuple(fc.constantFrom(...METHODS), path).map(([method, p]) => ({ method, path: p })), weight: 4 },
);

/** The body for a target: POST /faults and POST /clock get one of their own shape half the time. */
function bodyFor({ method, path: p }: { method: string; path: string }) {
  if (method !== 'POST') return body;
  if (p === '/__billsim/faults') return fc.oneof(plausibleFault.map(asJson), body);
  if (p === '/__billsim/clock') return fc.oneof(plausibleClock.map(asJson), body);
  return body;
}

const request: fc.Arbitrary<Request> = fc
  .tuple(target, query, sessionHeader)
  .chain(([t, q, session]) => bodyFor(t).map((b): [typeof t, string, typeof b, string | undefined] => [t, q, b, session]))
  // GET and POST on the endpoint are the API, fuzzed by calls.test.ts (and a fault's delay would make them wait).
  .map(([{ method, path: p }, q, b, session]) => ({
    method: p === '/admin/api.php' && (method === 'GET' || method === 'POST') ? 'PUT' : method,
    url: `${p}${q}`,
    ...b,
    session,
  }));

function describe(r: Request, response: LightMyRequestResponse): string {
  return `${r.method} ${r.url} (${r.type ?? 'no type'}: ${String(r.payload).slice(0, 120)}) -> HTTP ${response.statusCode}: ${response.body.slice(0, 300)}`;
}

/** The contract: no 5xx, and at 400 or more a JSON { error: string } (HEAD answers carry no body). */
function check(r: Request, response: LightMyRequestResponse): void {
  if (response.statusCode >= 500) throw new Error(`a server error: ${describe(r, response)}`);
  if (response.statusCode < 400) return;
  if (!String(response.headers['content-type']).startsWith('application/json')) throw new Error(`not JSON: ${describe(r, response)}`);
  if (r.method === 'HEAD') return;
  let answer: unknown;
  try {
    answer = JSON.parse(response.body);
  } catch {
    throw new Error(`does not parse: ${describe(r, response)}`);
  }
  const error = (answer as { error?: unknown } | null)?.error;
  if (typeof error !== 'string' || error === '') throw new Error(`no error message: ${describe(r, response)}`);
}

async function send(app: FastifyInstance, r: Request): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (r.type !== undefined) headers['content-type'] = r.type;
  if (r.session !== undefined) headers['x-billsim-session'] = r.session;
  return app.inject({ method: r.method as 'GET', url: r.url, headers, ...(r.payload === undefined ? {} : { payload: r.payload }) });
}

t.test('the fuzzed route list is the one the control routes answer with', async (t) => {
  const app = await build(t);
  const listed = (await app.inject({ url: '/__billsim/nothing' })).json().error.split('the control routes are: ')[1].split(', ');
  t.strictSame(
    listed,
    ROUTES.map((r) => r.replace(' ', ' /__billsim')),
  );
});

t.test('control routes answer any method, path, body and session header without a 500', async (t) => {
  // With the daily automation on, as users run it: clock moves onto
  // 9999-12-31 and back are among the cases, and each must answer.
  const app = await build(t, { bodyLimit: 64 * 1024 });
  t.comment(`${RUNS} cases, ${reproduce(101)}`);
  const statuses = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(request, async (r) => {
      const response = await send(app, r);
      check(r, response);
      assertPrototypesClean();
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    }),
    fcParams(RUNS, 101),
  );
  t.comment(`statuses: ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`);
  t.ok(
    [...statuses.keys()].some((s) => s < 300),
    'some requests succeeded',
  );
  t.ok(statuses.has(400) && statuses.has(404) && statuses.has(405) && statuses.has(415), 'and each kind of refusal was reached');
  const health = await app.inject({ url: '/__billsim/health' });
  t.equal(health.statusCode, 200, 'the app still answers');
});

t.test('with a control token, every route refuses a missing token with JSON and health stays open', async (t) => {
  const app = await build(t, { controlToken: 'fuzz-token' });
  await fc.assert(
    fc.asyncProperty(request, async (r) => {
      const response = await send(app, r);
      check(r, response);
      const get = r.method === 'GET' || r.method === 'HEAD';
      const path = r.url.split('?')[0];
      const healthGet = get && path === '/__billsim/health';
      // The dashboard's page and files hold no data: open, as health is.
      const dashboard = get && /^\/__billsim(\/|\/dashboard\/[^/]+)?$/.test(path);
      const control = r.url.startsWith('/__billsim') && r.method !== 'OPTIONS';
      if (control && !healthGet && !dashboard && response.statusCode !== 401) throw new Error(`not refused: ${describe(r, response)}`);
      if (healthGet && response.statusCode !== 200) throw new Error(`health refused: ${describe(r, response)}`);
    }),
    fcParams(Math.ceil(RUNS / 5), 102),
  );
  t.pass('every control request without the token was refused');
});
