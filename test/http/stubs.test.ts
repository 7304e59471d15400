// Stubs through the control routes and the in-process handle: a call billsim
// does not simulate answered from a template, a stub for one id beside the
// simulation, times, no state changed, every bad stub refused with all its
// problems, the journal and the coverage, stubs.json and a reset, --data.
import t, { type Test } from 'tap';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { api, assertError, build, CREDENTIALS, FROZEN_NOW, SERVER_TIME, storeJson } from '../helpers/app.js';
import { buildApp } from '../../src/app.js';
import { createSimulator } from '../../src/simulator.js';
import { loadFixtures } from '../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../src/paths.js';

async function control(app: FastifyInstance, method: 'GET' | 'POST' | 'DELETE', url: string, body?: object) {
  const response = await app.inject({
    method,
    url: `/__billsim${url}`,
    headers: { 'x-billsim-control': '1' },
    ...(body && { payload: body }),
  });
  return { status: response.statusCode, body: response.json() };
}

const KB = {
  call: 'getKBCategories',
  answer: { categories: [{ id: '{{params.cat}}', name: 'Billing', at: '{{now}}' }] },
};

t.test('a call billsim does not simulate is answered from a stub whose template echoes a parameter', async (t) => {
  const app = await build(t);
  assertError(t, await api(app, 'getKBCategoriesX'), 'getKBCategoriesX', [
    'Unknown call "getKBCategoriesX"; did you mean getKBCategories? If not, billsim does not simulate it: answer it your way with a stub (POST /__billsim/stubs with { "call": "getKBCategoriesX", "answer": { ... } })',
  ]);
  const added = await control(app, 'POST', '/stubs', { ...KB, call: 'getKBCategoriesX' });
  t.strictSame(added, {
    status: 201,
    body: {
      id: '1',
      call: 'getKBCategoriesX',
      answer: KB.answer,
      warnings: [
        'billsim simulates no call "getKBCategoriesX"; did you mean getKBCategories? The stub was added for "getKBCategoriesX" as given, so requests of getKBCategories do not reach it: if that is a typing error, remove it (DELETE /__billsim/stubs/1) and add it with "call": "getKBCategories"',
      ],
    },
  });
  t.strictSame(await api(app, 'getKBCategoriesX', { cat: '7' }), {
    success: true,
    categories: [{ id: '7', name: 'Billing', at: '2026-11-20 12:00:00' }],
    call: 'getKBCategoriesX',
    server_time: SERVER_TIME,
  });
  const { warnings, ...stored } = added.body;
  void warnings;
  t.strictSame((await control(app, 'GET', '/stubs')).body, { stubs: [{ ...stored, hits: 1 }] }, 'listed as stored, with its hits');
});

t.test('a stub for id=999 answers that id while id=1 is still simulated; times is honoured', async (t) => {
  const app = await build(t);
  await control(app, 'POST', '/stubs', { call: 'getInvoiceDetails', params: { id: '999' }, error: ['Invoice 999 is locked'], times: 2 });
  const simulated = await api(app, 'getInvoiceDetails', { id: '1' });
  t.equal(simulated.success, true);
  t.match(simulated, { invoice: { id: '1' } });
  for (let i = 0; i < 2; i++)
    assertError(t, await api(app, 'getInvoiceDetails', { id: '999' }), 'getInvoiceDetails', ['Invoice 999 is locked']);
  assertError(t, await api(app, 'getInvoiceDetails', { id: '999' }), 'getInvoiceDetails', ['Invoice 999 not found']);
  t.strictSame((await control(app, 'GET', '/stubs')).body, { stubs: [] }, 'gone after its second request');
});

t.test('a stub on a mutating call changes no state; the journal and the coverage mark it', async (t) => {
  const app = await build(t);
  await control(app, 'POST', '/stubs', { call: 'addClient', answer: { client_id: '4242' }, status: 201 });
  const before = storeJson(app);
  const response = await app.inject({
    url: `/admin/api.php?${new URLSearchParams({ call: 'addClient', firstname: 'Rosa', ...CREDENTIALS })}`,
  });
  t.equal(response.statusCode, 201);
  t.strictSame(response.json(), { success: true, client_id: '4242', call: 'addClient', server_time: SERVER_TIME });
  t.equal(storeJson(app), before, 'no client was added, nothing else changed');
  const [entry] = (await control(app, 'GET', '/requests?limit=1')).body.requests;
  t.match(entry, { call: 'addClient', success: true, stub: '1' });
  const coverage = (await control(app, 'GET', '/coverage')).body;
  t.strictSame(coverage.stubbed, { addClient: { requests: 1, successes: 1, errors: 0 } });
  t.strictSame(coverage.calls.addClient, { requests: 0, successes: 0, errors: 0 }, 'not counted as simulated');
  t.ok(coverage.unexercised.includes('addClient'), 'the simulation of addClient is still unexercised');
});

t.test('a request without the right credentials is refused before any stub', async (t) => {
  const app = await build(t);
  await control(app, 'POST', '/stubs', KB);
  const refused = (await app.inject({ url: '/admin/api.php?call=getKBCategories&api_id=billsim&api_key=wrong' })).json();
  t.strictSame(refused.error, ['Authentication failed: invalid api_id or api_key']);
});

t.test('every bad stub is refused with all its problems, and nothing is stored', async (t) => {
  const app = await build(t);
  const cases: [string, unknown, string][] = [
    [
      'an unknown key, a bad call name, answer with error, times out of range, an unknown failure',
      { call: '9lives', answer: { a: 1 }, error: ['x'], times: 0, failure: 'explode', extra: true },
      'Unknown stub field "extra": send only call, params, answer, error, status, delayMs, times, failure; ' +
        'call must be a call name: a letter, then up to 63 letters, digits or _ (simulated by billsim or not); ' +
        'or a route of the customer\'s door, its method and path: "GET /api/service/{id}/vms" ({placeholders} match any one segment and join params) or "GET /api/service/7/vms"; ' +
        'times must be a whole number from 1 to 1000000; ' +
        "failure must be one of reset (the connection is closed without an answer), empty (HTTP 200 with no body), malformed (HTTP 200 with a body that is not JSON), html (HTTP 502 with a proxy's HTML page) or slow (the answer's body dripped over delayMs: the stub's answer or error, else the answer the call would give, simulated or forwarded); " +
        'Give answer or error, not both',
    ],
    [
      "a template that does not compile and the envelope's keys",
      { call: 'x', answer: { success: false, items: ['{{#each params.list}}'] } },
      "answer must be an object of the call's own keys, at most 1 MB as JSON, without success, call and server_time (billsim writes them); string values anywhere in it are Handlebars templates; success is billsim's to write; " +
        'answer.items[0] is not a template that compiles (',
    ],
    [
      'a failure that sends no answer, given one; slow without delayMs',
      { call: 'x', failure: 'html', error: ['x'] },
      'A html failure sends no answer: give answer or error only with no failure or the slow one',
    ],
  ];
  for (const [name, body, message] of cases) {
    const refused = await control(app, 'POST', '/stubs', body as object);
    t.equal(refused.status, 400, name);
    t.ok(String(refused.body.error).startsWith(message), `${name}: ${refused.body.error}`);
  }
  const slow = await control(app, 'POST', '/stubs', { call: 'x', failure: 'slow' });
  t.match(slow.body.error, /^delayMs must be a whole number from 0 to 60000 .*; the slow failure drips the body over it$/);
  t.strictSame((await control(app, 'GET', '/stubs')).body, { stubs: [] });
});

t.test('removing one stub, or all; an unknown id is named', async (t) => {
  const app = await build(t);
  await control(app, 'POST', '/stubs', KB);
  await control(app, 'POST', '/stubs', { ...KB, params: { cat: '1' } });
  t.strictSame(await control(app, 'DELETE', '/stubs/1'), { status: 200, body: { deleted: '1', session: 'default' } });
  t.strictSame(await control(app, 'DELETE', '/stubs/1'), {
    status: 404,
    body: { error: 'Stub 1 not found in session "default": GET /__billsim/stubs lists them' },
  });
  t.equal((await control(app, 'GET', '/stubs')).body.stubs[0].id, '2');
  t.strictSame(await control(app, 'DELETE', '/stubs'), { status: 200, body: { cleared: true } });
  t.strictSame((await control(app, 'GET', '/stubs')).body, { stubs: [] });
});

t.test('in-process: stub(), stubs(), removeStub() and clearStubs(), with the same rules and messages', async (t) => {
  const sim = await createSimulator({ now: FROZEN_NOW });
  t.teardown(() => sim.close());
  const s = sim.session('inproc');
  const stub = await s.stub({
    call: 'module',
    params: { module: 'phonenumbermng', fn: 'getAvailableNumbers' },
    answer: { result: { numbers: { 46: ['4670000001'] } } },
  });
  t.strictSame(stub, {
    id: '1',
    call: 'module',
    params: { module: 'phonenumbermng', fn: 'getAvailableNumbers' },
    answer: { result: { numbers: { 46: ['4670000001'] } } },
  });
  const query = new URLSearchParams({ call: 'module', module: 'phonenumbermng', fn: 'getAvailableNumbers', ...CREDENTIALS });
  const answered = (await sim.app.inject({ url: `/admin/api.php?${query}`, headers: { 'x-billsim-session': 'inproc' } })).json();
  t.strictSame(answered, { success: true, result: { numbers: { 46: ['4670000001'] } }, call: 'module', server_time: SERVER_TIME });
  const other = (await sim.app.inject({ url: `/admin/api.php?${query}` })).json();
  t.equal(other.success, false, 'another session does not see it');
  t.strictSame(await s.stubs(), [{ ...stub, hits: 1 }], 'with the requests it answered');
  await t.rejects(s.stub({ call: 'x', answer: { call: 'y' } }), { name: 'ControlError', kind: 'bad-input' });
  await s.removeStub(1);
  await t.rejects(s.removeStub(1), { kind: 'not-found', message: 'Stub 1 not found in session "inproc": GET /__billsim/stubs lists them' });
  await s.stub(KB);
  await s.clearStubs();
  t.strictSame(await s.stubs(), []);
});

function fixturesWithStubs(t: Test): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-stubs-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const data = loadFixtures(defaultFixturesDir) as unknown as Record<string, unknown>;
  for (const [name, rows] of Object.entries(data)) fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(rows));
  fs.writeFileSync(path.join(dir, 'stubs.json'), JSON.stringify([{ id: '1', ...KB }]));
  return dir;
}

t.test("a fixtures folder's stubs.json is loaded, and a reset returns to it", async (t) => {
  const app = await build(t, { fixturesDir: fixturesWithStubs(t) });
  t.match(await api(app, 'getKBCategories', { cat: '3' }), { success: true, categories: [{ id: '3' }] });
  await control(app, 'DELETE', '/stubs');
  await control(app, 'POST', '/stubs', { call: 'getFoo', answer: {} });
  await control(app, 'POST', '/reset');
  t.strictSame((await control(app, 'GET', '/stubs')).body.stubs, [{ id: '1', ...KB, hits: 0 }]);
});

t.test("a world's stubs.json with a template that does not compile stops the start, naming its file, line and column", async (t) => {
  const dir = fixturesWithStubs(t);
  const stubs = [
    { call: 'getA', answer: { ok: 'fine' } },
    { id: '1', call: 'x', answer: { items: [{ a: 'fine', b: '{{#if}}' }] } },
  ];
  // Line 15, column 16: the second record's answer.items[0].b, as an editor shows it.
  fs.writeFileSync(path.join(dir, 'stubs.json'), JSON.stringify(stubs, null, 2));
  await t.rejects(buildApp({ fixturesDir: dir }), {
    message: new RegExp(
      `^${path.join(dir, 'stubs.json')}:15:16: stubs record 2 \\(id 1\\): answer\\.items\\[0\\]\\.b is not a template that compiles`,
    ),
  });
});

t.test('stubs survive a --data restart, their counts too, and snapshots carry them', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-stubs-data-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const dataFile = path.join(dir, 'world.json');
  const first = await buildApp({ now: FROZEN_NOW, dataFile });
  await control(first, 'POST', '/snapshots/none');
  await control(first, 'POST', '/stubs', { ...KB, times: 3 });
  await api(first, 'getKBCategories');
  await first.close();
  const second = await buildApp({ now: FROZEN_NOW, dataFile });
  t.teardown(() => second.close());
  t.strictSame(
    (await control(second, 'GET', '/stubs')).body.stubs,
    [{ id: '1', ...KB, times: 3, remaining: 2, hits: 0 }],
    'hits count this run',
  );
  await control(second, 'POST', '/snapshots/none/restore');
  t.strictSame((await control(second, 'GET', '/stubs')).body.stubs, [], 'the snapshot had none');
});
