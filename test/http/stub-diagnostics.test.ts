// What helps a user debug a stub, over HTTP and in-process: a did-you-mean
// warning on a call name billsim does not simulate, each stub's hits, the
// near misses (the closest stub and the param that differed), `status` with
// failures, `slow` dripping the simulated answer, numbers and booleans in
// params, the template helpers, ids for stubs.json records that give none,
// string ids for faults and the journal's stub reference, and errors that
// name the stub to add.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, apiJson, assertError, build, CREDENTIALS, FROZEN_NOW, SERVER_TIME } from '../helpers/app.js';
import { createSimulator } from '../../src/simulator.js';
import { loadFixtures } from '../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../src/paths.js';

async function control(app: FastifyInstance, method: 'GET' | 'POST' | 'DELETE', url: string, body?: object, session?: string) {
  const response = await app.inject({
    method,
    url: `/__billsim${url}`,
    headers: { 'x-billsim-control': '1', ...(session && { 'x-billsim-session': session }) },
    ...(body && { payload: body }),
  });
  return { status: response.statusCode, body: response.json() };
}

const TYPO_WARNING =
  'billsim simulates no call "getinvoicedetails"; did you mean getInvoiceDetails? The stub was added for "getinvoicedetails" as given, so requests of getInvoiceDetails do not reach it: if that is a typing error, remove it (DELETE /__billsim/stubs/1) and add it with "call": "getInvoiceDetails"';

t.test('a misspelt call name is added with a did-you-mean warning, over HTTP and in-process', async (t) => {
  const app = await build(t);
  const added = await control(app, 'POST', '/stubs', { call: 'getinvoicedetails', answer: { invoice: {} } });
  t.strictSame(added, { status: 201, body: { id: '1', call: 'getinvoicedetails', answer: { invoice: {} }, warnings: [TYPO_WARNING] } });
  t.strictSame((await control(app, 'GET', '/stubs')).body.stubs, [
    { id: '1', call: 'getinvoicedetails', answer: { invoice: {} }, hits: 0 },
  ]);
  const sim = await createSimulator({ now: FROZEN_NOW });
  t.teardown(() => sim.close());
  t.strictSame((await sim.session().stub({ call: 'getinvoicedetails', answer: { invoice: {} } })).warnings, [TYPO_WARNING]);
  t.notOk('warnings' in (await sim.session().stub({ call: 'getInvoiceDetails', answer: {} })), 'no warning for a call billsim simulates');
});

t.test('hits and near misses: which stub answered how often, and which nearly answered', async (t) => {
  const app = await build(t);
  await control(app, 'POST', '/stubs', { call: 'getInvoiceDetails', params: { id: '999' }, error: ['Invoice 999 is locked'] });
  await control(app, 'POST', '/stubs', { call: 'getInvoiceDetails', params: { id: '998', 'filter[x]': 'y' }, answer: {} });
  await api(app, 'getInvoiceDetails', { id: '999' });
  await api(app, 'getInvoiceDetails', { id: '999' });
  const simulated = await api(app, 'getInvoiceDetails', { id: '1', api_key_note: 'x' });
  t.equal(simulated.success, true, 'the near miss is simulated');
  t.strictSame(
    (await control(app, 'GET', '/stubs')).body.stubs.map((s: { id: string; hits: number }) => [s.id, s.hits]),
    [
      ['1', 2],
      ['2', 0],
    ],
  );
  const misses = await control(app, 'GET', '/stubs/near-misses');
  t.strictSame(misses, {
    status: 200,
    body: {
      nearMisses: [
        {
          time: '2026-11-20 12:00:00',
          call: 'getInvoiceDetails',
          params: { id: '1', api_key_note: 'x' },
          stub: { id: '1', call: 'getInvoiceDetails', params: { id: '999' } },
          differs: { param: 'id', wanted: '999', got: '1' },
        },
      ],
    },
  });
  t.strictSame(
    (await control(app, 'GET', '/requests?limit=3')).body.requests.map((r: { stub?: string }) => r.stub),
    [undefined, '1', '1'],
  );
  await control(app, 'POST', '/reset');
  t.strictSame((await control(app, 'GET', '/stubs/near-misses')).body, { nearMisses: [] }, 'a reset clears them');

  const sim = await createSimulator({ now: FROZEN_NOW });
  t.teardown(() => sim.close());
  const s = sim.session();
  await s.stub({ call: 'getCurrencies', params: { page: '3' }, answer: {} });
  await sim.app.inject({ url: `/admin/api.php?${new URLSearchParams({ call: 'getCurrencies', ...CREDENTIALS })}` });
  t.strictSame(await s.nearMisses(), [
    {
      time: '2026-11-20 12:00:00',
      call: 'getCurrencies',
      params: {},
      stub: { id: '1', call: 'getCurrencies', params: { page: '3' } },
      differs: { param: 'page', wanted: '3', got: null },
    },
  ]);
  t.strictSame(
    (await s.stubs()).map((stub) => stub.hits),
    [0],
  );
});

t.test('numbers and booleans in params match as the call reads them', async (t) => {
  const app = await build(t);
  await control(app, 'POST', '/stubs', { call: 'getInvoiceDetails', params: { id: 5 }, error: ['Invoice 5 is locked'] });
  await control(app, 'POST', '/stubs', { call: 'getKBCategories', params: { with_subcategories: true }, answer: { categories: [] } });
  assertError(t, await api(app, 'getInvoiceDetails', { id: '5' }), 'getInvoiceDetails', ['Invoice 5 is locked']);
  assertError(t, await apiJson(app, 'getInvoiceDetails', { id: 5 }), 'getInvoiceDetails', ['Invoice 5 is locked']);
  for (const sent of ['1', 'yes', 'true']) {
    t.strictSame(await api(app, 'getKBCategories', { with_subcategories: sent }), {
      success: true,
      categories: [],
      call: 'getKBCategories',
      server_time: SERVER_TIME,
    });
  }
  const simulated = await api(app, 'getKBCategories', { with_subcategories: '0' });
  t.notSame(simulated.categories, [], 'false is not true: the simulation answers');
});

t.test('status with each failure: honoured where an answer is sent, refused with reset', async (t) => {
  const app = await build(t);
  for (const [failure, status, call] of [
    ['empty', 503, 'getOrders'],
    ['malformed', 500, 'getInvoices'],
    ['html', 504, 'getCurrencies'],
  ] as const) {
    t.equal((await control(app, 'POST', '/stubs', { call, failure, status })).status, 201);
    const response = await app.inject({ url: `/admin/api.php?${new URLSearchParams({ call, ...CREDENTIALS })}` });
    t.equal(response.statusCode, status, `${failure} answers ${status}`);
  }
  const message = 'A reset failure closes the connection before any status is sent: leave status out, or choose another failure';
  t.strictSame(await control(app, 'POST', '/stubs', { call: 'getClients', failure: 'reset', status: 503 }), {
    status: 400,
    body: { error: message },
  });
  const sim = await createSimulator({ now: FROZEN_NOW });
  t.teardown(() => sim.close());
  await t.rejects(sim.session().stub({ call: 'getClients', failure: 'reset', status: 503 }), { kind: 'bad-input', message });
});

t.test('slow without an answer drips the answer the call would give', async (t) => {
  const app = await build(t);
  const simulated = (await app.inject({ url: `/admin/api.php?${new URLSearchParams({ call: 'getCurrencies', ...CREDENTIALS })}` })).body;
  await control(app, 'POST', '/stubs', { call: 'getCurrencies', failure: 'slow', delayMs: 20 });
  const slow = await app.inject({ url: `/admin/api.php?${new URLSearchParams({ call: 'getCurrencies', ...CREDENTIALS })}` });
  t.equal(slow.statusCode, 200);
  t.equal(slow.body, simulated, 'the simulated answer, whole');
  t.equal((await control(app, 'GET', '/requests?limit=1')).body.requests[0].stub, '1', 'the journal names the stub');
});

t.test('template helpers: json, eq, now with a format and an offset, and the answer’s own id', async (t) => {
  const app = await build(t);
  await control(app, 'POST', '/stubs', {
    call: 'addThing',
    answer: {
      echo: '{{json params}}',
      five: '{{#if (eq params.id 5)}}yes{{else}}no{{/if}}',
      day: '{{now "YYYY-MM-DD"}}',
      due: '{{now "DD/MM/YYYY" days=30}}',
      at: '{{now}}',
      thing_id: 'T{{stub.id}}-{{stub.hits}}',
    },
  });
  const answers = [await api(app, 'addThing', { id: '5' }), await api(app, 'addThing', { id: '6', 'tags[0]': 'a' })];
  t.strictSame(answers, [
    {
      success: true,
      echo: '{"id":"5"}',
      five: 'yes',
      day: '2026-11-20',
      due: '20/12/2026',
      at: '2026-11-20 12:00:00',
      thing_id: 'T1-1',
      call: 'addThing',
      server_time: SERVER_TIME,
    },
    {
      success: true,
      echo: '{"id":"6","tags":["a"]}',
      five: 'no',
      day: '2026-11-20',
      due: '20/12/2026',
      at: '2026-11-20 12:00:00',
      thing_id: 'T1-2',
      call: 'addThing',
      server_time: SERVER_TIME,
    },
  ]);
});

t.test('a stubs.json record without an id gets the next one; hits and warnings are not stored', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-stub-ids-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  for (const [name, rows] of Object.entries(loadFixtures(defaultFixturesDir))) {
    fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(rows));
  }
  fs.writeFileSync(
    path.join(dir, 'stubs.json'),
    JSON.stringify([
      { call: 'getA', answer: {} },
      { id: '5', call: 'getB', answer: {} },
      { call: 'getC', answer: {} },
    ]),
  );
  const app = await build(t, { fixturesDir: dir });
  t.strictSame(
    (await control(app, 'GET', '/stubs')).body.stubs.map((s: { id: string; call: string }) => [s.id, s.call]),
    [
      ['5', 'getB'],
      ['6', 'getA'],
      ['7', 'getC'],
    ],
  );
  t.equal((await control(app, 'POST', '/stubs', { call: 'getD', answer: {} })).body.id, '8', 'the next added follows');
  fs.writeFileSync(path.join(dir, 'stubs.json'), JSON.stringify([{ call: 'getA', answer: {}, hits: 3 }]));
  await t.rejects(build(t, { fixturesDir: dir }), /stubs record 1 \(id 1\): hits is billsim's to say in its answers, not stored/);
});

t.test('faults, stubs and the journal name ids alike: digits as text', async (t) => {
  const app = await build(t);
  const fault = await control(app, 'POST', '/faults', { call: 'getClients', error: ['Down'], times: 1 });
  t.equal(fault.body.id, '1');
  t.strictSame((await control(app, 'GET', '/faults')).body.faults[0].id, '1');
  t.strictSame(await control(app, 'DELETE', '/faults/1'), { status: 200, body: { deleted: '1', session: 'default' } });
  const sim = await createSimulator({ now: FROZEN_NOW });
  t.teardown(() => sim.close());
  const added = await sim.session().addFault({ call: 'getClients', delayMs: 1 });
  t.strictSame(await sim.session().faults(), [{ ...added, id: '1' }], 'in-process too');
});

t.test('an unknown call stubbed only in another session says which, and how to reach it', async (t) => {
  const app = await build(t);
  await control(app, 'POST', '/stubs', { call: 'getWidgets', answer: { widgets: [] } }, 'team-a');
  assertError(t, await api(app, 'getWidgets'), 'getWidgets', [
    'Unknown call "getWidgets" in session "default": billsim does not simulate it, and only session "team-a" has a stub for it (stubs belong to one session). Send the header x-billsim-session: team-a, or add the stub to this session (POST /__billsim/stubs with that header)',
  ]);
  const answered = await api(app, 'getWidgets', {}, { headers: { 'x-billsim-session': 'team-a' } });
  t.equal(answered.success, true);
});
