import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, assertError, assertSuccess, build, FROZEN_NOW } from '../helpers/app.js';
import { MAX_FAULTS, MAX_SNAPSHOTS } from '../../src/session/control.js';
import { defaultMemoryBudget } from '../../src/session/memory.js';

async function control(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  options: { session?: string; body?: unknown; token?: string } = {},
) {
  // A change of state carries a header of billsim's own, as a page could not send it unasked.
  const headers: Record<string, string> = method === 'GET' ? {} : { 'x-billsim-control': '1' };
  if (options.session) headers['x-billsim-session'] = options.session;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await app.inject({
    method,
    url: `/__billsim${url}`,
    headers,
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> & { [k: string]: any } };
}

/** Renames news item 1 in a session, in-process (the API's own mutations are tested with their calls). */
function renameNews(app: FastifyInstance, session: string, title: string): void {
  const { world } = app.billsim.sessions.get(session);
  world.transaction(() => world.replace('news', { ...world.get('news', '1')!, title }));
}

const newsTitle = async (app: FastifyInstance, session?: string) =>
  ((await api(app, 'getNewsItem', { id: '1' }, { session })).newsitem as { title: string }).title;

t.test('health reports status, version, sessions and the memory budget', async (t) => {
  const app = await build(t);
  await api(app, 'getCurrencies', {}, { session: 'one' });
  const { status, body } = await control(app, 'GET', '/health');
  t.equal(status, 200);
  const { memory, ...rest } = body as { memory: Record<string, unknown> };
  t.strictSame(rest, { status: 'ok', version: '0.1.0', sessions: 1, maxSessions: 1000, evicted: 0 });
  const { budget, used, answers, journal, snapshots, state, dropped } = memory as Record<string, number>;
  t.equal(budget, defaultMemoryBudget(), 'a quarter of the heap limit by default');
  t.ok(answers > 0 && journal > 0, 'the read kept its answer and a journal entry');
  t.strictSame([snapshots, state], [0, 0]);
  t.equal(used, answers + journal + snapshots + state);
  t.strictSame(dropped, { answers: 0, deliveries: 0, events: 0, journalAnswers: 0, journalEntries: 0 });
});

t.test('reset brings the caller session (or all of them) back to the seed', async (t) => {
  const app = await build(t);
  const seedTitle = await newsTitle(app, 'a');
  renameNews(app, 'a', 'changed a');
  renameNews(app, 'b', 'changed b');
  t.equal(await newsTitle(app, 'a'), 'changed a');
  t.strictSame((await control(app, 'POST', '/reset', { session: 'a' })).body, { reset: ['a'] });
  t.equal(await newsTitle(app, 'a'), seedTitle);
  t.equal(await newsTitle(app, 'b'), 'changed b', 'b untouched by a reset of a');
  await control(app, 'POST', '/reset?all=1');
  t.equal(await newsTitle(app, 'b'), seedTitle);
});

t.test('sessions are listed and deleted', async (t) => {
  const app = await build(t);
  await api(app, 'getCurrencies', {}, { session: 'x1' });
  const list = (await control(app, 'GET', '/sessions')).body.sessions as { name: string }[];
  t.strictSame(
    list.map((s) => s.name),
    ['x1'],
  );
  t.equal((await control(app, 'DELETE', '/sessions/x1')).status, 200);
  t.strictSame(await control(app, 'DELETE', '/sessions/x1'), { status: 404, body: { error: 'Session "x1" not found' } });
});

t.test('the journal lists requests newest first, filters, limits and redacts secrets', async (t) => {
  const app = await build(t);
  await api(app, 'getCurrencies', { password: 'hunter2', cardnum: '4111111111111111', token: 'tok_1', hash: 'whm-hash' }, { session: 'j' });
  await api(app, 'getNewsItem', { id: 'x' }, { session: 'j' });
  await api(app, 'getCurrencies', {}, { session: 'j' });
  const all = (await control(app, 'GET', '/requests', { session: 'j' })).body.requests;
  t.strictSame(
    all.map((r: any) => r.call),
    ['getCurrencies', 'getNewsItem', 'getCurrencies'],
  );
  t.strictSame(all[1].error, ['Parameter id must be a positive whole number id, such as 1']);
  t.equal(all[1].success, false);
  t.equal(all[2].params.api_key, '[redacted]');
  t.equal(all[2].params.password, '[redacted]');
  t.equal(all[2].params.cardnum, '[redacted]');
  t.equal(all[2].params.token, '[redacted]');
  t.equal(all[2].params.hash, '[redacted]', "a server's access hash");
  t.equal(all[2].params.api_id, 'billsim', 'api_id is not a secret');
  t.equal(all[2].time, '2026-11-20 12:00:00');
  t.type(all[2].durationMs, 'number');
  const text = JSON.stringify(all);
  for (const secret of ['billsim-secret', 'hunter2', '4111111111111111', 'tok_1', 'whm-hash'])
    t.notOk(text.includes(secret), `no ${secret} in the journal`);
  const filtered = (await control(app, 'GET', '/requests?call=getCurrencies&limit=1', { session: 'j' })).body.requests;
  t.equal(filtered.length, 1);
  t.equal((await control(app, 'GET', '/requests?limit=0', { session: 'j' })).status, 400);
  await control(app, 'DELETE', '/requests', { session: 'j' });
  t.strictSame((await control(app, 'GET', '/requests', { session: 'j' })).body, { requests: [] });
  t.strictSame((await control(app, 'GET', '/requests', { session: 'other' })).body, { requests: [] }, 'journals are per session');
});

t.test('the journal is bounded', async (t) => {
  const app = await build(t, { journalLimit: 3 });
  for (let i = 0; i < 5; i++) await api(app, 'getNewsItem', { id: String(i + 1) });
  const list = (await control(app, 'GET', '/requests')).body.requests;
  t.strictSame(
    list.map((r: any) => r.params.id),
    ['5', '4', '3'],
  );
});

t.test('coverage counts requests per call and lists calls never exercised', async (t) => {
  const app = await build(t);
  await api(app, 'getCurrencies');
  await api(app, 'getNewsItem', { id: 'nope' });
  const { body } = await control(app, 'GET', '/coverage');
  t.strictSame(body.calls.getCurrencies, { requests: 1, successes: 1, errors: 0 });
  t.strictSame(body.calls.getNewsItem, { requests: 1, successes: 0, errors: 1 });
  t.ok(body.unexercised.includes('getInvoiceDetails'));
  t.notOk(body.unexercised.includes('getCurrencies'));
});

t.test('faults: error envelopes, HTTP statuses, counted down, per session', async (t) => {
  const app = await build(t);
  const created = await control(app, 'POST', '/faults', {
    session: 'f',
    body: { call: 'getCurrencies', error: ['Database is down'], times: 2 },
  });
  t.equal(created.status, 201);
  t.match(created.body, { call: 'getCurrencies', error: ['Database is down'], remaining: 2 });
  assertError(t, await api(app, 'getCurrencies', {}, { session: 'f' }), 'getCurrencies', ['Database is down']);
  assertSuccess(t, await api(app, 'getCurrencies', {}, { session: 'other' }), 'getCurrencies');
  assertError(t, await api(app, 'getCurrencies', {}, { session: 'f' }), 'getCurrencies', ['Database is down']);
  assertSuccess(t, await api(app, 'getCurrencies', {}, { session: 'f' }), 'getCurrencies');

  await control(app, 'POST', '/faults', { session: 'f', body: { call: 'getCurrencies', status: 503 } });
  const raw = await app.inject({
    url: '/admin/api.php?call=getCurrencies&api_id=billsim&api_key=billsim-secret',
    headers: { 'x-billsim-session': 'f' },
  });
  t.equal(raw.statusCode, 503);
  t.strictSame(raw.json().error, ['Simulated failure (HTTP 503) injected through /__billsim/faults']);
  t.equal((await control(app, 'GET', '/faults', { session: 'f' })).body.faults.length, 1, 'an unbounded fault stays');
  await control(app, 'DELETE', '/faults', { session: 'f' });
  assertSuccess(t, await api(app, 'getCurrencies', {}, { session: 'f' }), 'getCurrencies');

  await control(app, 'POST', '/faults', { session: 'f', body: { call: 'getCurrencies', delayMs: 5, times: 1 } });
  assertSuccess(t, await api(app, 'getCurrencies', {}, { session: 'f' }), 'getCurrencies');
});

t.test('bad fault definitions are refused with 400', async (t) => {
  const app = await build(t);
  const cases: [unknown, string][] = [
    [{ call: 'nope', error: ['x'] }, 'call must be an API call name (or "*" for every call); "nope" is not one'],
    [{ call: 'getCurrencies' }, 'a fault needs at least one of error, status or delayMs'],
    [{ call: 'getCurrencies', error: 'x' }, 'error must be a list of 1 to 10 messages, each 1 to 1000 characters'],
    [{ call: 'getCurrencies', status: 99 }, 'status must be a whole number from 200 to 599'],
    [{ call: 'getCurrencies', error: ['x'], times: 0 }, 'times must be a whole number from 1 to 1000000'],
  ];
  for (const [input, message] of cases) {
    t.strictSame(await control(app, 'POST', '/faults', { body: input }), { status: 400, body: { error: message } });
  }
});

t.test('the clock can be read, set and advanced; server_time follows', async (t) => {
  const app = await build(t);
  const start = Math.floor(FROZEN_NOW.getTime() / 1000);
  t.strictSame((await control(app, 'GET', '/clock', { session: 'c' })).body, {
    now: '2026-11-20 12:00:00',
    server_time: start,
    frozen: true,
  });
  t.strictSame((await control(app, 'POST', '/clock', { session: 'c', body: { advanceSeconds: 3600 } })).body.now, '2026-11-20 13:00:00');
  t.equal((await api(app, 'getCurrencies', {}, { session: 'c' })).server_time, start + 3600);
  t.equal((await api(app, 'getCurrencies', {}, { session: 'd' })).server_time, start, 'other sessions keep their clock');
  t.strictSame(
    (await control(app, 'POST', '/clock', { session: 'c', body: { now: '2027-01-01 00:00:00' } })).body.now,
    '2027-01-01 00:00:00',
  );
  t.equal((await control(app, 'POST', '/clock', { body: { now: '2027-02-30 00:00:00' } })).status, 400);
  t.equal((await control(app, 'POST', '/clock', { body: {} })).status, 400);
});

t.test('snapshots save and restore a session state', async (t) => {
  const app = await build(t);
  const seedTitle = await newsTitle(app, 's');
  t.equal((await control(app, 'POST', '/snapshots/clean', { session: 's' })).status, 200);
  renameNews(app, 's', 'after snapshot');
  t.equal(await newsTitle(app, 's'), 'after snapshot');
  t.strictSame(
    (await control(app, 'GET', '/snapshots', { session: 's' })).body.snapshots.map((s: any) => s.name),
    ['clean'],
  );
  await control(app, 'POST', '/snapshots/clean/restore', { session: 's' });
  t.equal(await newsTitle(app, 's'), seedTitle);
  t.equal((await control(app, 'POST', '/snapshots/none/restore', { session: 's' })).status, 404);
});

t.test('snapshots and faults are capped per session, with the way out in the error', async (t) => {
  const app = await build(t);
  for (let i = 0; i < MAX_SNAPSHOTS; i++) t.equal((await control(app, 'POST', `/snapshots/s${i}`, { session: 'cap' })).status, 200);
  const full = await control(app, 'POST', '/snapshots/one-more', { session: 'cap' });
  t.strictSame(full, {
    status: 409,
    body: {
      error: `Session "cap" already holds ${MAX_SNAPSHOTS} snapshots: delete one (DELETE /__billsim/snapshots/:name) or save over an existing name`,
    },
  });
  t.equal((await control(app, 'POST', '/snapshots/s0', { session: 'cap' })).status, 200, 'saving over a name still works');
  t.strictSame(await control(app, 'DELETE', '/snapshots/s0', { session: 'cap' }), { status: 200, body: { deleted: 's0', session: 'cap' } });
  t.equal((await control(app, 'DELETE', '/snapshots/s0', { session: 'cap' })).status, 404);
  t.equal((await control(app, 'POST', '/snapshots/one-more', { session: 'cap' })).status, 200, 'room again after a delete');
  t.equal((await control(app, 'GET', '/snapshots', { session: 'cap' })).body.snapshots.length, MAX_SNAPSHOTS);
  t.equal((await control(app, 'GET', '/snapshots', { session: 'other' })).body.snapshots.length, 0, 'another session is not affected');

  const fault = { call: 'getCurrencies', delayMs: 0 };
  for (let i = 0; i < MAX_FAULTS; i++) t.equal((await control(app, 'POST', '/faults', { session: 'cap', body: fault })).status, 201);
  t.strictSame(await control(app, 'POST', '/faults', { session: 'cap', body: fault }), {
    status: 409,
    body: { error: `Session "cap" already has ${MAX_FAULTS} faults: clear them (DELETE /__billsim/faults) first` },
  });
  await control(app, 'DELETE', '/faults', { session: 'cap' });
  t.equal((await control(app, 'POST', '/faults', { session: 'cap', body: fault })).status, 201);
});

t.test('state dumps a collection or one record', async (t) => {
  const app = await build(t);
  const all = (await control(app, 'GET', '/state/news')).body.news as { id: string }[];
  t.ok(all.length >= 5);
  t.equal((await control(app, 'GET', '/state/news/1')).body.id, '1');
  t.strictSame(await control(app, 'GET', '/state/news/999'), { status: 404, body: { error: 'No record 999 in news' } });
  t.equal((await control(app, 'GET', '/state/nothing')).status, 404);
});

t.test('a control token guards every control route but health, and not the API', async (t) => {
  const app = await build(t, { controlToken: 's3cret' });
  const refused = { status: 401, body: { error: 'Control routes need the header Authorization: Bearer <control token>' } };
  const guarded: ['GET' | 'POST' | 'DELETE', string][] = [
    ['POST', '/reset'],
    ['GET', '/sessions'],
    ['GET', '/requests'],
    ['GET', '/state'],
    ['GET', '/clock'],
    ['POST', '/faults'],
    ['DELETE', '/faults'],
    ['POST', '/snapshots/x'],
  ];
  for (const [method, url] of guarded) {
    t.strictSame(await control(app, method, url), refused, `${method} ${url} without the token`);
    t.strictSame(await control(app, method, url, { token: 'wrong' }), refused, `${method} ${url} with a wrong token`);
  }
  t.equal((await control(app, 'GET', '/sessions', { token: 's3cret' })).status, 200);
  // Orchestrators probe a guarded demo: health reveals only status, version, sessions and memory use.
  const health = {
    status: 'ok',
    version: '0.1.0',
    sessions: 0,
    maxSessions: 1000,
    evicted: 0,
    memory: {
      budget: defaultMemoryBudget(),
      used: 0,
      answers: 0,
      deliveries: 0,
      events: 0,
      journal: 0,
      snapshots: 0,
      state: 0,
      dropped: { answers: 0, deliveries: 0, events: 0, journalAnswers: 0, journalEntries: 0 },
    },
  };
  t.strictSame(await control(app, 'GET', '/health'), { status: 200, body: health });
  t.strictSame(await control(app, 'GET', '/health', { token: 'wrong' }), { status: 200, body: health });
  t.equal((await control(app, 'DELETE', '/health')).status, 401, 'another method on health is not open');
  assertSuccess(t, await api(app, 'getCurrencies'), 'getCurrencies');
});
