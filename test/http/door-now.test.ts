// A plain read of the customer's door that nothing can make wait is answered
// within its request's own event (src/http/userapi-answer.ts, answerNow): no
// promise between the request and its answer. These tests show when that
// happens, and that it answers and journals as the whole way does.
import t, { type Test } from 'tap';
import { FROZEN_NOW } from '../helpers/app.js';
import { ALICE, CLIENT_PASSWORD, TOM } from '../helpers/door.js';
import { buildApp } from '../../src/app.js';
import { doorGetRequest, serveDoor, type DoorSent } from '../../src/http/userapi.js';
import { doorTable } from '../../src/http/userapi-routes.js';
import { routeRegistry } from '../../src/userapi/modules.js';
import { RateLimit } from '../../src/http/userapi-limit.js';

const log = { info: () => undefined, error: () => undefined };

/** serveDoor called as the direct door calls it, on an app of its own. */
async function doorOf(t: Test, options: Parameters<typeof buildApp>[0] = {}) {
  const app = await buildApp({ now: FROZEN_NOW, logger: false, ...options });
  t.teardown(() => app.close());
  await app.ready();
  const { userApiRateLimit: limit, realNow } = options;
  const deps = {
    sessions: app.billsim.sessions,
    table: doorTable(routeRegistry),
    ...(limit && { rateLimit: new RateLimit(limit, realNow) }),
  };
  const serve = (url: string, headers: Record<string, string> = {}): DoorSent | Promise<DoorSent> =>
    serveDoor(deps, doorGetRequest(url, headers, '127.0.0.1', log));
  const loginAs = async (email: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username: email, password: CLIENT_PASSWORD } });
    return { authorization: `Bearer ${(res.json() as { token: string }).token}` };
  };
  const journal = async () => {
    const { requests } = (await app.inject({ url: '/__billsim/requests' })).json() as { requests: { call: string; durationMs: number }[] };
    return requests.map(({ durationMs: _, ...entry }) => entry);
  };
  return { app, serve, loginAs, journal };
}

const ROUTES = ['/api/invoice', '/api/invoice/1', '/api/details', '/api/service', '/api/domain', '/api/tickets', '/api/balance'];

t.test('a read with a checked token is answered at once, with the answer and journal of the whole way', async (t) => {
  // Two identical apps: in one each route is read with a new token (its signature unchecked, so the whole way),
  // in the other with a token checked on an earlier request (at once).
  const inFull = await doorOf(t);
  const now = await doorOf(t);
  const warm = await now.loginAs(ALICE);
  const first = now.serve('/api/news', warm);
  t.ok(first instanceof Promise, "a token's first request checks its signature: the whole way");
  await first;
  t.notOk(now.serve('/api/news', warm) instanceof Promise, 'its next one is answered at once');
  const token = await inFull.loginAs(ALICE);
  await inFull.serve('/api/news', token);
  await inFull.serve('/api/news', token);
  for (const route of ROUTES) {
    const fresh = inFull.serve(route, await inFull.loginAs(ALICE));
    t.ok(fresh instanceof Promise, `${route}: the whole way`);
    // Its module is imported by then (a route's first request imports it, the whole way).
    const whole = await fresh;
    const at = now.serve(route, warm);
    t.notOk(at instanceof Promise, `${route}: at once`);
    const sent = at as DoorSent;
    t.equal(sent.status, 200, route);
    t.same(sent, whole, `${route}: the same answer`);
  }
  const logins = (entries: { call: string }[]) => entries.filter((entry) => entry.call !== 'POST /api/login');
  t.same(logins(await now.journal()), logins(await inFull.journal()), 'the same journal, login by login aside');
});

t.test('its refusals are answered at once too', async (t) => {
  const { serve, loginAs } = await doorOf(t, { userApiRateLimit: { requests: 5, seconds: 60 }, realNow: () => FROZEN_NOW.getTime() });
  const alice = await loginAs(ALICE);
  const tom = await loginAs(TOM);
  // Each token's first request, the whole way (Tom counts as his client, Alice's: 2 of her 5). Alice's
  // imports the affiliates' module: a refusal before a route's import goes the whole way.
  await serve('/api/affiliates/summary', alice);
  await serve('/api/details', tom);
  const refused = (url: string, headers: Record<string, string>) => {
    const sent = serve(url, headers);
    t.notOk(sent instanceof Promise, `${url}: answered at once`);
    const { status, json } = sent as DoorSent;
    return [status, JSON.parse(json)];
  };
  t.strictSame(refused('/api/invoice/999999', alice), [404, { error: ['Invoice 999999 not found'] }]);
  t.strictSame(refused('/api/invoice?page=0', alice), [
    200,
    { error: ['Parameter page must be the page of the list, counted from 1 (25 items a page)'] },
  ]);
  t.strictSame(refused('/api/invoice', {}), [401, { error: ['unauthorized'] }]);
  t.strictSame(refused('/api/affiliates/summary', tom), [
    403,
    {
      error: [
        'Contact 10 may not do this: it needs the privilege misc.affiliates (the client grants it with PUT /api/contact/10 or editContactPermissions)',
      ],
    },
  ]);
  t.strictSame(
    refused('/api/details', alice),
    [429, { error: ['rate_limited'] }],
    "Alice's client's sixth request is over the limit: refusals past the caller count",
  );
});

t.test('a read goes the whole way when something must come first', async (t) => {
  const { app, serve, loginAs } = await doorOf(t);
  const alice = await loginAs(ALICE);
  await serve('/api/invoice', alice);
  t.notOk(serve('/api/invoice', alice) instanceof Promise, 'at once before anything is set');
  const basic = { authorization: `Basic ${Buffer.from(`${ALICE}:${CLIENT_PASSWORD}`).toString('base64')}` };
  t.ok(serve('/api/invoice', basic) instanceof Promise, "Basic's password is checked off the event loop first");
  const control = (url: string, payload: object) => app.inject({ method: 'POST', url, payload });
  await control('/__billsim/faults', { call: 'GET /api/invoice', status: 503, times: 1 });
  const faulted = serve('/api/invoice', alice);
  t.ok(faulted instanceof Promise, 'a fault for the route');
  t.equal((await faulted).status, 503);
  await control('/__billsim/stubs', { call: 'GET /api/details', answer: { stubbed: true }, times: 1 });
  const stubbed = serve('/api/invoice', alice);
  t.ok(stubbed instanceof Promise, 'a stub for the method, even of another path');
  t.equal((await stubbed).status, 200);
  t.strictSame(JSON.parse((await serve('/api/details', alice)).json), { stubbed: true });
  t.notOk(serve('/api/invoice', alice) instanceof Promise, 'at once again once the stub is used up');
  await control('/__billsim/clock', { advanceSeconds: 3600 });
  const ended = serve('/api/invoice', alice);
  t.notOk(ended instanceof Promise, 'an ended token is refused at once');
  t.strictSame([(ended as DoorSent).status, JSON.parse((ended as DoorSent).json)], [401, { error: ['token_expired'] }]);
});
