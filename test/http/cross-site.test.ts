// A web page the user visits must not drive the control routes: no state change
// it could send unasked (text/plain, a form, no body), no control request from
// another origin, preflight included. Browsers on the server's own origin (the
// dashboard), loopback front ends and clients without an Origin keep working;
// the API keeps its CORS.
import t from 'tap';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { api, build, storeJson } from '../helpers/app.js';
import { controlOriginAllowed, preflightProof } from '../../src/http/cross-site.js';

const EVIL = 'https://evil.example';
// light-my-request sends Host: localhost:80, so the server's own origin is http://localhost:80.
const OWN = 'http://localhost:80';

const REFUSED_FROM_EVIL =
  'Control requests from https://evil.example are refused: billsim takes them from its own origin and loopback origins ' +
  'such as http://localhost:3000. To allow this origin, start billsim with --cors https://evil.example';
const NEEDS_PROOF =
  'POST /__billsim/reset changes state: send a JSON body with Content-Type: application/json, or the header x-billsim-control: 1 ' +
  '(x-billsim-session or Authorization do too), so that no web page can send it unasked';

async function changed(app: FastifyInstance, session: string) {
  await api(app, 'addClient', { firstname: 'Ann', lastname: 'Lee', email: `ann@${session}.example`, password: 'secret123' }, { session });
  return storeJson(app, session);
}

const answer = async (app: FastifyInstance, options: InjectOptions) => {
  const response = await app.inject(options);
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
};

t.test('a text/plain reset of every session from another origin is refused and resets nothing', async (t) => {
  const app = await build(t);
  const before = await changed(app, 'a');
  const sent = await answer(app, {
    method: 'POST',
    url: '/__billsim/reset?all=1',
    headers: { origin: EVIL, 'content-type': 'text/plain' },
    payload: '',
  });
  t.strictSame(sent, { status: 403, body: { error: REFUSED_FROM_EVIL } });
  t.equal(storeJson(app, 'a'), before, 'session a keeps its client');
});

t.test('a state change a page could send unasked is refused even from an allowed origin; a header or JSON makes it', async (t) => {
  const app = await build(t);
  const before = await changed(app, 'default');
  for (const headers of [{}, { 'content-type': 'text/plain' }, { 'content-type': 'application/x-www-form-urlencoded' }, { origin: OWN }]) {
    t.strictSame(await answer(app, { method: 'POST', url: '/__billsim/reset?all=1', headers, payload: '' }), {
      status: 400,
      body: { error: NEEDS_PROOF },
    });
  }
  t.equal(storeJson(app), before, 'nothing was reset');
  const jsonType = await answer(app, {
    method: 'POST',
    url: '/__billsim/reset',
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
  t.strictSame(jsonType, { status: 200, body: { reset: ['default'] } }, 'Content-Type: application/json, even without a body');
  for (const header of ['x-billsim-control', 'x-billsim-session', 'authorization']) {
    const sent = await answer(app, {
      method: 'POST',
      url: '/__billsim/snapshots/s',
      headers: { [header]: header === 'x-billsim-session' ? 'default' : '1' },
    });
    t.equal(sent.status, 200, header);
  }
  const deleted = await answer(app, { method: 'DELETE', url: '/__billsim/snapshots/s' });
  t.equal(deleted.status, 400, 'DELETE needs it too');
  t.match(deleted.body.error, /^DELETE \/__billsim\/snapshots\/s changes state: /);
});

t.test('a cross-origin state read is refused, preflight included, while the API keeps its CORS', async (t) => {
  const app = await build(t);
  const read = await app.inject({ url: '/__billsim/state/clients', headers: { origin: EVIL } });
  t.strictSame([read.statusCode, read.json()], [403, { error: REFUSED_FROM_EVIL }]);
  t.equal(read.headers['access-control-allow-origin'], undefined, 'the page cannot read the refusal either');
  const preflight = await app.inject({
    method: 'OPTIONS',
    url: '/__billsim/reset',
    headers: { origin: EVIL, 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-billsim-control' },
  });
  t.equal(preflight.statusCode, 403);
  t.equal(preflight.headers['access-control-allow-origin'], undefined, 'no permission for the real request');
  const apiRead = await app.inject({
    url: '/admin/api.php?call=getCurrencies&api_id=billsim&api_key=billsim-secret',
    headers: { origin: EVIL },
  });
  t.equal(apiRead.statusCode, 200);
  t.equal(apiRead.headers['access-control-allow-origin'], EVIL, 'the API answers any origin, as before');
});

t.test('the dashboard (own origin, JSON), a loopback front end and a Node client are answered', async (t) => {
  const app = await build(t);
  const dashboard = await answer(app, {
    method: 'POST',
    url: '/__billsim/clock',
    headers: { origin: OWN, 'x-billsim-session': 'board', 'content-type': 'application/json' },
    payload: JSON.stringify({ advanceSeconds: 60 }),
  });
  t.equal(dashboard.status, 200);
  t.equal(dashboard.body.now, '2026-11-20 12:01:00');
  const frontEnd = await app.inject({ url: '/__billsim/state/currencies', headers: { origin: 'http://localhost:3000' } });
  t.equal(frontEnd.statusCode, 200);
  t.equal(frontEnd.headers['access-control-allow-origin'], 'http://localhost:3000');
  const preflight = await app.inject({
    method: 'OPTIONS',
    url: '/__billsim/reset',
    headers: {
      origin: 'http://127.0.0.1:5173',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'x-billsim-control',
    },
  });
  t.equal(preflight.statusCode, 204);
  t.equal(preflight.headers['access-control-allow-origin'], 'http://127.0.0.1:5173');
  const node = await answer(app, { method: 'POST', url: '/__billsim/reset', headers: { 'x-billsim-control': '1' } });
  t.strictSame(node, { status: 200, body: { reset: ['default'] } }, 'no Origin: not a browser page');
});

t.test('with --cors origins, control takes exactly those (and its own), not loopback ones', async (t) => {
  const app = await build(t, { cors: ['https://app.example.com'] });
  t.equal((await app.inject({ url: '/__billsim/faults', headers: { origin: 'https://app.example.com' } })).statusCode, 200);
  t.equal((await app.inject({ url: '/__billsim/faults', headers: { origin: OWN } })).statusCode, 200);
  const loopback = await answer(app, { url: '/__billsim/faults', headers: { origin: 'http://localhost:3000' } });
  t.strictSame(loopback, {
    status: 403,
    body: {
      error:
        'Control requests from http://localhost:3000 are refused: billsim takes them from its own origin and the origins given with --cors. ' +
        'To allow this origin, add http://localhost:3000 to --cors',
    },
  });
});

t.test('which origins control requests are taken from', async (t) => {
  const cases: [string | undefined, string | undefined, true | string[], boolean][] = [
    [undefined, 'localhost:8080', true, true],
    ['http://localhost:8080', 'localhost:8080', true, true],
    ['http://billsim:8080', 'billsim:8080', true, true],
    ['http://billsim:8080', 'BillSim:8080', true, true],
    ['https://billsim.example', 'billsim.example', true, true],
    ['http://localhost:3000', 'localhost:8080', true, true],
    ['http://app.localhost:3000', 'localhost:8080', true, true],
    ['http://127.0.0.2:3000', 'localhost:8080', true, true],
    ['http://[::1]:3000', 'localhost:8080', true, true],
    ['http://billsim:8080', 'localhost:8080', true, false],
    ['https://evil.example', 'localhost:8080', true, false],
    ['http://localhost.evil.example', 'localhost:8080', true, false],
    ['null', 'localhost:8080', true, false],
    ['https://app.example.com', 'localhost:8080', ['https://app.example.com'], true],
    ['http://localhost:3000', 'localhost:8080', ['https://app.example.com'], false],
  ];
  for (const [origin, host, cors, allowed] of cases) t.equal(controlOriginAllowed(origin, host, cors), allowed, `${origin} to ${host}`);
  t.equal(preflightProof({ 'content-type': 'Application/JSON ; charset=utf-8' }), true);
  t.equal(preflightProof({ 'content-type': 'text/plain; application/json' }), false);
});
