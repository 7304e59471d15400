// The customer's door as a whole: what it shares with the Admin door (the
// journal, coverage, faults, sessions, persistence, CORS) and what is its own
// (routing by method and path, the rate limit).
import t from 'tap';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app.js';
import { createSimulator } from '../../src/simulator.js';
import { parseCli } from '../../src/cli/options.js';
import { routeRegistry } from '../../src/userapi/index.js';
import { doorTable } from '../../src/http/userapi-routes.js';
import { build, FROZEN_NOW } from '../helpers/app.js';
import { ALICE, assertAnswer, assertRefused, CLIENT_PASSWORD, door, login } from '../helpers/door.js';

t.test('an unknown route answers 404 saying where the routes are listed; a known path with another method 405', async (t) => {
  const app = await build(t);
  assertRefused(t, await door(app, 'GET', '/service/7/vms'), 404, [
    'No route GET /api/service/7/vms: the routes are listed at /?cmd=userapi&action=swagger and on /docs; stub an installation\'s module route with POST /__billsim/stubs {"call": "GET /api/service/7/vms", "answer": {...}}',
  ]);
  const wrong = await door(app, 'PUT', '/login', {});
  assertRefused(t, wrong, 405, ['PUT is not allowed on /api/login: send POST']);
  t.equal(wrong.headers.allow, 'POST');
});

t.test('the journal keeps door requests by route, with passwords and tokens redacted', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  await door(app, 'GET', '/details', {}, { token });
  const journal = (await app.inject({ url: '/__billsim/requests' })).json().requests as Array<Record<string, unknown>>;
  t.equal(journal[0].call, 'GET /api/details');
  t.equal(journal[0].success, true);
  t.equal(journal[1].call, 'POST /api/login');
  t.strictSame(journal[1].params, { username: ALICE, password: '[redacted]' });
  t.strictSame(
    JSON.parse(journal[1].answer as string),
    { token: '[redacted]', refresh: '[redacted]' },
    "the journal never keeps a login's tokens",
  );
  const coverage = (await app.inject({ url: '/__billsim/coverage' })).json();
  t.strictSame(coverage.calls['GET /api/details'], { requests: 1, successes: 1, errors: 0 });
  t.ok(coverage.unexercised.includes('GET /api/tokens'), 'routes not called are listed as unexercised, as calls are');
});

t.test('a fault on a route rehearses a failure, such as an expired token answered 200', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const added = await app.inject({
    method: 'POST',
    url: '/__billsim/faults',
    payload: { call: 'GET /api/details', status: 200, error: ['token_expired'], times: 1 },
  });
  t.equal(added.statusCode, 201, added.body);
  assertRefused(t, await door(app, 'GET', '/details', {}, { token }), 200, ['token_expired']);
  assertAnswer(t, await door(app, 'GET', '/details', {}, { token }), 'getDetails');
});

t.test("the rate limit counts each client's requests in a window of real time", async (t) => {
  let real = Date.parse('2026-11-20T12:00:00Z');
  const app = await build(t, { userApiRateLimit: { requests: 2, seconds: 60 }, realNow: () => real });
  const token = await login(app, ALICE);
  assertAnswer(t, await door(app, 'GET', '/details', {}, { token }), 'getDetails');
  assertAnswer(t, await door(app, 'GET', '/details', {}, { token }), 'getDetails');
  const over = await door(app, 'GET', '/details', {}, { token });
  assertRefused(t, over, 429, ['rate_limited']);
  t.equal(over.headers['retry-after'], '60');
  // A contact counts as its client; another client has its own count.
  assertRefused(t, await door(app, 'GET', '/details', {}, { basic: ['tom.reed@morgan-design.com', CLIENT_PASSWORD] }), 429, [
    'rate_limited',
  ]);
  assertAnswer(
    t,
    await door(app, 'GET', '/details', {}, { basic: ['bruno.keller@keller-maschinenbau.de', CLIENT_PASSWORD] }),
    'getDetails',
  );
  real += 60_000;
  assertAnswer(t, await door(app, 'GET', '/details', {}, { token }), 'getDetails');
});

t.test('--userapi-rate-limit takes n/seconds', async (t) => {
  t.strictSame(parseCli(['--userapi-rate-limit', '100/60'], {}).userApiRateLimit, { requests: 100, seconds: 60 });
  t.strictSame(parseCli([], { BILLSIM_USERAPI_RATE_LIMIT: '5/1' }).userApiRateLimit, { requests: 5, seconds: 1 });
  t.equal(parseCli([], {}).userApiRateLimit, undefined);
  t.throws(() => parseCli(['--userapi-rate-limit', 'lots'], {}), {
    message: '--userapi-rate-limit must be <n>/<seconds> such as 60/60 (60 requests a minute per client), got "lots"',
  });
});

t.test('a browser front end on another origin may send PUT with a token (CORS preflight)', async (t) => {
  const app = await build(t);
  const preflight = await app.inject({
    method: 'OPTIONS',
    url: '/api/details',
    headers: {
      origin: 'http://shop.example',
      'access-control-request-method': 'PUT',
      'access-control-request-headers': 'authorization,content-type',
    },
  });
  t.equal(preflight.statusCode, 204);
  t.equal(preflight.headers['access-control-allow-origin'], 'http://shop.example');
  t.match(preflight.headers['access-control-allow-methods'], /PUT/);
  t.match(preflight.headers['access-control-allow-headers'], /authorization/);
  const token = await login(app, ALICE);
  const answer = await door(app, 'GET', '/details', {}, { token, headers: { origin: 'http://shop.example' } });
  t.equal(answer.headers['access-control-allow-origin'], 'http://shop.example');
});

t.test('in-process, customerToken gives a token without a login', async (t) => {
  const sim = await createSimulator({ now: FROZEN_NOW });
  t.teardown(() => sim.close());
  const token = await sim.session('tests').customerToken('10');
  const answer = await door(sim.app, 'GET', '/details', {}, { token });
  t.match(answer, { status: 200, body: { client: { id: '10', parent_id: '1' } } });
  await t.rejects(sim.session('tests').customerToken('999'), { message: 'Client 999 not found' });
  await t.rejects(sim.session('tests').customerToken('8'), {
    message: "Client 8 is Inactive: only an Active client (and a contact of an Active client) logs in at the customer's door",
  });
});

t.test('a --data restart keeps the signing key and the logins: tokens stay valid', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-door-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const dataFile = path.join(dir, 'world.json');
  let app = await buildApp({ dataFile, now: FROZEN_NOW });
  const { body } = await door(app, 'POST', '/login', { username: ALICE, password: CLIENT_PASSWORD });
  await app.close();
  app = await buildApp({ dataFile, now: FROZEN_NOW });
  t.teardown(() => app.close());
  assertAnswer(t, await door(app, 'GET', '/details', {}, { token: body.token as string }), 'getDetails');
  assertAnswer(t, await door(app, 'POST', '/token', { refresh_token: body.refresh }), 'postToken');
});

t.test('the User API describes itself at /?cmd=userapi&action=swagger, as an installation does, and in /openapi.json', async (t) => {
  const app = await build(t);
  const swagger = await app.inject({ url: '/?cmd=userapi&action=swagger' });
  t.equal(swagger.statusCode, 200);
  const doc = swagger.json();
  t.equal(doc.swagger, '2.0');
  t.equal(doc.basePath, '/api');
  t.strictSame(Object.keys(doc.paths['/login']), ['post']);
  t.strictSame(doc.paths['/login'].post.parameters, [
    { name: 'username', in: 'query', required: true, type: 'string', description: "the account's e-mail" },
    { name: 'password', in: 'query', required: true, type: 'string' },
    {
      name: 'client_id',
      in: 'query',
      required: false,
      type: 'string',
      description:
        "the profile to enter: a host client's id, for a guest (getClientAccess lists them); the person's own profile when left out or its own client's id",
    },
  ]);
  t.match(doc.paths['/tokens/{id}'].delete.parameters, [{ name: 'id', in: 'path', required: true }]);
  for (const route of doorTable(routeRegistry)) t.ok(doc.paths[route.path]?.[route.method.toLowerCase()], `${route.key} is described`);
  // Anything else at the root is the dashboard, as before.
  t.equal((await app.inject({ url: '/' })).headers.location, '/__billsim/');
  const openapi = (await app.inject({ url: '/openapi.json' })).json();
  t.match(openapi.paths['/api/login'].post, { tags: ["Customer's door (User API)"], security: [] });
  t.match(openapi.paths['/api/details'].get, { security: [{ customerToken: [] }, { customerBasic: [] }] });
});

t.test('a stub answers a route by method and path: a module route an installation adds, or a simulated one', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const stub = (spec: object) => app.inject({ method: 'POST', url: '/__billsim/stubs', payload: spec });
  t.equal(
    (await stub({ call: 'GET /api/service/{id}/vms', answer: { vms: [{ id: '{{params.id}}-1', status: 'running' }] } })).statusCode,
    201,
  );
  const vms = await door(app, 'GET', '/service/42/vms', {}, { token });
  t.strictSame(vms, { status: 200, body: { vms: [{ id: '42-1', status: 'running' }] }, headers: vms.headers });
  // A literal path answers before the placeholder one only when it asks for more params; here both match, the newest wins.
  t.equal((await stub({ call: 'GET /api/details', error: ['token_expired'], status: 401, times: 1 })).statusCode, 201);
  assertRefused(t, await door(app, 'GET', '/details', {}, { token }), 401, ['token_expired']);
  assertAnswer(t, await door(app, 'GET', '/details', {}, { token }), 'getDetails');
  const journal = (await app.inject({ url: '/__billsim/requests?limit=3' })).json().requests;
  t.match(journal[1], { call: 'GET /api/details', success: false, stub: '2' });
  t.match(journal[2], { call: 'GET /api/service/42/vms', success: true, stub: '1' });
  // Another method or path is not stubbed.
  t.equal((await door(app, 'POST', '/service/42/vms', {}, { token })).status, 404);
  const refused = await stub({ call: 'PATCH /api/details', answer: {} });
  t.equal(refused.statusCode, 400);
});
