// Read answers are kept as bytes per session, state version and second
// (src/session/kept-answers.ts). The clock of these apps is frozen, so the
// second never moves on its own: each test shows that a kept answer is never
// sent once the state, the clock or the faults changed.
import net, { type AddressInfo } from 'node:net';
import t from 'tap';
import type { Adapter } from 'lowdb';
import { api, build } from '../helpers/app.js';
import type { Collections } from '../../src/generated/wire.js';
import { Seed, World } from '../../src/store/world.js';
import { loadFixtures } from '../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../src/paths.js';
import { KEPT_ANSWERS } from '../../src/session/kept-answers.js';

type App = Awaited<ReturnType<typeof build>>;

const subject = async (app: App, session?: string) =>
  ((await api(app, 'getEstimateDetails', { id: '1' }, { session })).estimate as { subject: string }).subject;

const control = (app: App, method: 'POST' | 'DELETE', url: string, body?: object) =>
  app.inject({ method, url: `/__billsim${url}`, headers: { 'x-billsim-control': '1' }, ...(body ? { payload: body } : {}) });

t.test('a read after a write answers the new state, in the same second', async (t) => {
  const app = await build(t);
  const seed = await subject(app);
  t.equal(await subject(app), seed, 'the same read twice');
  await api(app, 'editEstimateDetails', { id: '1', subject: 'first' });
  t.equal(await subject(app), 'first');
  await api(app, 'editEstimateDetails', { id: '1', subject: 'second' });
  t.equal(await subject(app), 'second');
  t.equal(await subject(app, 'other'), seed, 'another session keeps its own state and answers');
});

t.test('a read after a reset or a restored snapshot answers that state', async (t) => {
  const app = await build(t);
  const seed = await subject(app);
  await control(app, 'POST', '/snapshots/start');
  await api(app, 'editEstimateDetails', { id: '1', subject: 'changed' });
  t.equal(await subject(app), 'changed');
  t.equal((await control(app, 'POST', '/snapshots/start/restore')).statusCode, 200);
  t.equal(await subject(app), seed, 'the snapshot is read back');
  await api(app, 'editEstimateDetails', { id: '1', subject: 'changed again' });
  t.equal(await subject(app), 'changed again');
  t.equal((await control(app, 'POST', '/reset')).statusCode, 200);
  t.equal(await subject(app), seed, 'the seed is read back');
});

t.test('a read after a clock change answers with the new time', async (t) => {
  const app = await build(t);
  const before = await api(app, 'getInvoiceDetails', { id: '1' });
  t.equal((await control(app, 'POST', '/clock', { advanceSeconds: 1 })).statusCode, 200);
  const after = await api(app, 'getInvoiceDetails', { id: '1' });
  t.equal(after.server_time, before.server_time + 1, 'one second later');
  t.equal((await control(app, 'POST', '/clock', { now: '2030-01-01 00:00:00' })).statusCode, 200);
  t.equal((await api(app, 'getInvoiceDetails', { id: '1' })).server_time, Date.UTC(2030, 0, 1) / 1000);
});

t.test('a read after a fault is added answers the fault, then the state again', async (t) => {
  const app = await build(t);
  const before = await api(app, 'getCurrencies');
  await control(app, 'POST', '/faults', { call: 'getCurrencies', error: ['Rates are being updated'], times: 1 });
  t.same((await api(app, 'getCurrencies')).error, ['Rates are being updated']);
  t.strictSame(await api(app, 'getCurrencies'), before, 'the fault was used up');
  await control(app, 'POST', '/faults', { call: '*', status: 503 });
  const answer = await app.inject({ url: '/admin/api.php?call=getCurrencies&api_id=billsim&api_key=billsim-secret' });
  t.equal(answer.statusCode, 503, 'a fault until removed');
  await control(app, 'DELETE', '/faults');
  t.strictSame(await api(app, 'getCurrencies'), before);
});

t.test('a read while a failed write was being saved is not answered again once it is undone', async (t) => {
  let fail: (error: Error) => void = () => undefined;
  const adapter: Adapter<Collections> = {
    read: async () => null,
    write: () => new Promise((_resolve, reject) => (fail = reject)),
  };
  const app = await build(t, { defaultAdapter: adapter });
  const seed = await subject(app);
  const write = api(app, 'editEstimateDetails', { id: '1', subject: 'unsaved' });
  await new Promise((resolve) => setImmediate(resolve));
  t.equal(await subject(app), 'unsaved', 'memory holds the change while it is being saved');
  fail(new Error('EIO: i/o error, write'));
  t.equal((await write).success, false, 'the write failed');
  t.equal(await subject(app), seed, 'the undone change is not read back');
});

t.test('answers to different parameters are kept apart, and only so many at once', async (t) => {
  const app = await build(t);
  const ids = Array.from({ length: KEPT_ANSWERS + 5 }, (_, i) => String(i + 1));
  const first = await Promise.all(ids.map((id) => api(app, 'getInvoiceDetails', { id })));
  const again = await Promise.all(ids.map((id) => api(app, 'getInvoiceDetails', { id })));
  t.strictSame(again, first);
  const found = first.filter((answer) => answer.success).map((answer) => (answer.invoice as { id: string }).id);
  t.same(
    found,
    ids.filter((id) => found.includes(id)),
    'each answer is the invoice asked for',
  );
  t.ok(found.length > 5, 'several invoices exist');
});

t.test("the world's version moves on with every write, undo, reset and restore", async (t) => {
  const world = new World(new Seed(loadFixtures(defaultFixturesDir)));
  const moves = async (what: string, change: () => unknown) => {
    const before = world.version;
    try {
      await change();
    } catch {
      // an undone change moves it on too
    }
    t.ok(world.version > before, what);
  };
  const estimate = world.get('estimates', '1')!;
  await moves('a mutation', () => world.mutate(() => world.replace('estimates', { ...estimate, subject: 'x' })));
  await moves('a transaction', () => world.transaction(() => world.replace('estimates', { ...estimate, subject: 'y' })));
  await moves('an undone transaction', () =>
    world.transaction(() => {
      world.replace('estimates', { ...estimate, subject: 'z' });
      throw new Error('undo');
    }),
  );
  const saved = world.snapshot();
  await moves('a reset', () => world.reset());
  await moves('a restore', () => world.restore(saved));
  const before = world.version;
  world.get('estimates', '1');
  world.where('invoices', 'client_id', '1');
  t.equal(world.version, before, 'reads leave it');
});

t.test('a read a stub of its call does not match is a near miss every time, not only before its answer is kept', async (t) => {
  const app = await build(t);
  await control(app, 'POST', '/stubs', { call: 'getInvoiceDetails', params: { id: '999' }, error: ['Invoice 999 is locked'] });
  const first = await api(app, 'getInvoiceDetails', { id: '1' });
  t.equal(first.success, true);
  t.strictSame(await api(app, 'getInvoiceDetails', { id: '1' }), first, 'the same answer');
  t.strictSame(await api(app, 'getInvoiceDetails', { id: '1' }), first, 'the same answer');
  const misses = (await app.inject({ url: '/__billsim/stubs/near-misses', headers: { 'x-billsim-control': '1' } })).json() as {
    nearMisses: { call: string; params: { id: string } }[];
  };
  t.strictSame(
    misses.nearMisses.map((miss) => [miss.call, miss.params.id]),
    [
      ['getInvoiceDetails', '1'],
      ['getInvoiceDetails', '1'],
      ['getInvoiceDetails', '1'],
    ],
    'three near misses',
  );
});

t.test('a read with its answer kept still waits out --latency, and is journaled each time', async (t) => {
  const app = await build(t, { latency: { min: 40, max: 40 } });
  const before = await api(app, 'getCurrencies');
  t.strictSame(await api(app, 'getCurrencies'), before, 'kept');
  const journal = (await app.inject({ url: '/__billsim/requests', headers: { 'x-billsim-control': '1' } })).json() as {
    requests: { call: string; durationMs: number; success: boolean }[];
  };
  t.equal(journal.requests.length, 2, 'both requests');
  for (const entry of journal.requests)
    t.ok(entry.durationMs >= 39, `answered after the latency, to the timer's millisecond (${entry.durationMs} ms)`);
});

t.test('a read with its answer kept is still refused from an address its key does not allow', async (t) => {
  const app = await build(t);
  // The same parameters each time, so a kept answer would be found if the credentials were not checked again.
  const url = '/admin/api.php?call=getCurrencies&api_id=office&api_key=office-secret';
  const first = await app.inject({ url, remoteAddress: '192.0.2.10' });
  t.equal(first.json().success, true, 'from the address on its allow-list');
  t.equal((await app.inject({ url, remoteAddress: '192.0.2.10' })).body, first.body, 'kept');
  const elsewhere = await app.inject({ url, remoteAddress: '192.0.2.11' });
  t.strictSame(elsewhere.json().error, ['Authentication failed: client IP 192.0.2.11 is not on the allow-list of this API key']);
  t.equal((await app.inject({ url, remoteAddress: '192.0.2.10' })).body, first.body, 'the allowed address still reads it');
});

t.test("an answer kept by a query's text never answers a request whose parameters' JSON is that text", async (t) => {
  const app = await build(t);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  // A query sent as is (inject would percent-encode its quotes), answered as a direct read.
  const raw = (query: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () =>
        socket.end(`GET /admin/api.php?${query} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`),
      );
      let text = '';
      socket.on('data', (chunk) => (text += chunk));
      socket.on('end', () => resolve(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))));
      socket.on('error', reject);
    });
  // Parameters whose JSON text, read as a query string, is another valid read: invoice 2 where the JSON asks for invoice 1.
  const tail = '&call=getInvoiceDetails&id=2&api_id=billsim&api_key=billsim-secret&b=';
  const params = { a: tail, call: 'getInvoiceDetails', id: '1', api_id: 'billsim', api_key: 'billsim-secret' };
  const asJson = await app.inject({
    method: 'POST',
    url: '/admin/api.php',
    headers: { 'content-type': 'application/json' },
    payload: params,
  });
  t.equal((asJson.json().invoice as { id: string }).id, '1', 'the JSON request reads invoice 1');
  const asQuery = await raw(JSON.stringify(params));
  t.equal((asQuery.invoice as { id: string }).id, '2', 'the query that is the same text reads invoice 2');
});
