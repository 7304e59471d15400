// What the control routes answer to requests that are not what they expect:
// bodies that are not JSON objects, unknown paths, wrong methods. Never a 500,
// always JSON saying what to send. Also the endpoint's own 405.
import t from 'tap';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { api, assertSuccess, build } from '../helpers/app.js';
import { COLLECTION_NAMES } from '../../src/store/fixtures.js';
import { loadFixtures } from '../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../src/paths.js';

const SEND_JSON = 'Send a JSON object body with Content-Type: application/json';
const CLOCK_SHAPE =
  'Send a clock change as a JSON object: { "advanceDays": 30 }, { "now": "2026-12-01 09:00:00" } or { "advanceSeconds": 3600, "frozen": true }';

async function answer(app: FastifyInstance, options: InjectOptions) {
  const response = await app.inject(options);
  return { status: response.statusCode, allow: response.headers.allow, body: response.json() as Record<string, any> };
}

const post = (url: string, type: string | undefined, payload: string): InjectOptions => ({
  method: 'POST',
  url: `/__billsim${url}`,
  headers: type ? { 'content-type': type } : {},
  payload,
});

t.test('bodies that are not a JSON object are refused with what to send', async (t) => {
  const app = await build(t);
  const cases: [InjectOptions, number, string | RegExp][] = [
    [
      post('/clock', 'application/json', '{"now": '),
      400,
      /^Send a JSON object body with Content-Type: application\/json \(the body is not valid JSON: /,
    ],
    [post('/clock', 'application/json', '[1,2]'), 400, CLOCK_SHAPE],
    [post('/clock', 'application/json', '"2027-01-01 00:00:00"'), 400, CLOCK_SHAPE],
    [post('/clock', 'application/json', 'null'), 400, CLOCK_SHAPE],
    [post('/clock', 'application/json', '12'), 400, CLOCK_SHAPE],
    [post('/clock', 'application/x-www-form-urlencoded', 'advanceSeconds=60'), 415, SEND_JSON],
    [post('/faults', 'multipart/form-data; boundary=x', '--x\r\n\r\n--x--'), 415, SEND_JSON],
    [post('/faults', 'text/plain', '{"call":"*","delayMs":1}'), 415, SEND_JSON],
    [post('/clock', undefined, 'advanceSeconds=60'), 415, SEND_JSON],
    [
      post('/clock', 'application/json', '{"advanceSeconds": 1e400}'),
      400,
      'advanceSeconds must be a whole number of seconds (negative to go back)',
    ],
    [
      post('/clock', 'application/json', '{"constructor": 1}'),
      400,
      'Unknown clock field "constructor": send only now, advanceSeconds, advanceDays, frozen; Give now ("YYYY-MM-DD HH:MM:SS"), ' +
        'advanceSeconds or advanceDays (a whole number), and/or frozen (true or false)',
    ],
    [post('/clock', 'application/json', '{"constructor": {"prototype": {"x": 1}}}'), 400, /^Unknown clock field "constructor"/],
    [post('/clock', 'application/json', ''), 400, CLOCK_SHAPE],
  ];
  for (const [request, status, message] of cases) {
    const got = await answer(app, request);
    t.equal(got.status, status, `${request.headers?.['content-type']} ${request.payload}`);
    t.strictSame(Object.keys(got.body), ['error']);
    t.match(got.body.error, message);
  }
  t.strictSame(
    await answer(app, post('/clock', 'application/json', '{"__proto__": {"frozen": false}, "advanceSeconds": 60}')),
    {
      status: 400,
      allow: undefined,
      body: {
        error: 'Unknown clock field "__proto__": send only now, advanceSeconds, advanceDays, frozen',
      },
    },
    'a __proto__ key is refused by name, not dropped unseen',
  );
  t.equal(({} as Record<string, unknown>).frozen, undefined, 'no prototype was reached');
  t.match((await answer(app, { method: 'GET', url: '/__billsim/clock' })).body, { now: '2026-11-20 12:00:00' }, 'the clock did not move');
});

t.test('an empty body of any type is no body; a JSON body where none is read is ignored', async (t) => {
  const app = await build(t);
  t.strictSame(await answer(app, post('/reset', 'application/x-www-form-urlencoded', '')), {
    status: 400,
    allow: undefined,
    body: {
      error:
        'POST /__billsim/reset changes state: send a JSON body with Content-Type: application/json, or the header x-billsim-control: 1 ' +
        '(x-billsim-session or Authorization do too), so that no web page can send it unasked',
    },
  });
  const form = post('/reset', 'application/x-www-form-urlencoded', '');
  t.strictSame(await answer(app, { ...form, headers: { ...form.headers, 'x-billsim-control': '1' } }), {
    status: 200,
    allow: undefined,
    body: { reset: ['default'] },
  });
  t.strictSame((await answer(app, post('/snapshots/a', 'application/json', '[]'))).body, {
    saved: 'a',
    session: 'default',
    savedAt: '2026-11-20 12:00:00',
  });
});

t.test('an unknown control route is a 404 listing the routes; a wrong method a 405 with Allow', async (t) => {
  const app = await build(t);
  const unknown = await answer(app, { method: 'GET', url: '/__billsim/nothing?x=1' });
  t.equal(unknown.status, 404);
  t.match(
    unknown.body.error,
    /^No control route GET \/__billsim\/nothing; the control routes are: GET \/__billsim\/health, POST \/__billsim\/reset, /,
  );
  t.match(unknown.body.error, 'POST /__billsim/clock');
  t.strictSame(await answer(app, { method: 'PUT', url: '/__billsim/reset' }), {
    status: 405,
    allow: 'POST',
    body: { error: 'PUT is not allowed on /__billsim/reset: use POST' },
  });
  t.strictSame(await answer(app, { method: 'PATCH', url: '/__billsim/faults' }), {
    status: 405,
    allow: 'POST, GET, DELETE',
    body: { error: 'PATCH is not allowed on /__billsim/faults: use POST or GET or DELETE' },
  });
  t.strictSame(await answer(app, { method: 'POST', url: '/__billsim/state/news/1' }), {
    status: 405,
    allow: 'GET',
    body: { error: 'POST is not allowed on /__billsim/state/news/1: use GET' },
  });
});

t.test('GET /__billsim/state lists every collection with its row count', async (t) => {
  const app = await build(t);
  const seed = loadFixtures(defaultFixturesDir);
  const expected = COLLECTION_NAMES.map((name) => ({ name, rows: seed[name].length }));
  t.strictSame(await answer(app, { url: '/__billsim/state' }), { status: 200, allow: undefined, body: { collections: expected } });
  await api(app, 'bulkAddProducts', { 'products[0][copyof]': '1', 'products[0][name]': 'One more' }, { session: 'grown' });
  const grown = (await answer(app, { url: '/__billsim/state', headers: { 'x-billsim-session': 'grown' } })).body.collections;
  t.strictSame(
    grown.find((c: { name: string }) => c.name === 'products'),
    { name: 'products', rows: seed.products.length + 1 },
  );
});

t.test('the default session cannot be deleted; another can', async (t) => {
  const app = await build(t);
  await api(app, 'getCurrencies', {}, { session: 'other' });
  const control = { 'x-billsim-control': '1' };
  t.strictSame(await answer(app, { method: 'DELETE', url: '/__billsim/sessions/default', headers: control }), {
    status: 400,
    allow: undefined,
    body: { error: 'The default session cannot be deleted: reset it (POST /__billsim/reset) instead' },
  });
  t.equal((await answer(app, { method: 'DELETE', url: '/__billsim/sessions/other', headers: control })).status, 200);
});

t.test('any method but GET and POST on the endpoint is a 405 with Allow: GET, POST; GET and POST answer as before', async (t) => {
  const app = await build(t);
  for (const method of ['PUT', 'DELETE', 'PATCH', 'PROPFIND', 'TRACE'] as const) {
    const got = await answer(app, {
      method: method as 'PUT',
      url: '/admin/api.php?call=getCurrencies',
      headers: { 'content-type': 'application/json' },
      payload: method === 'TRACE' ? undefined : '{broken',
    });
    t.strictSame(got, {
      status: 405,
      allow: 'GET, POST',
      body: { error: `${method} is not allowed on /admin/api.php: send the call with GET or POST` },
    });
  }
  assertSuccess(t, await api(app, 'getCurrencies'), 'getCurrencies');
  assertSuccess(t, await api(app, 'getCurrencies', {}, { via: 'form' }), 'getCurrencies');
  const preflight = await app.inject({
    method: 'OPTIONS',
    url: '/admin/api.php',
    headers: { origin: 'http://app.local', 'access-control-request-method': 'POST' },
  });
  t.equal(preflight.statusCode, 204, 'OPTIONS stays the CORS preflight');
  t.equal((await app.inject({ method: 'OPTIONS', url: '/admin/api.php' })).statusCode, 204, 'also without preflight headers');
});
