// No silent loss: a session dropped to keep within --max-sessions answers an
// error naming the drop until it is reset, a session answering a request is
// never dropped, and every drop is logged and counted.
import t from 'tap';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { api, assertError, build } from '../helpers/app.js';
import { createSimulator } from '../../src/simulator.js';
import { FROZEN_NOW } from '../helpers/app.js';

const DROPPED =
  /^Session "one" was dropped at \d{4}-\d\d-\d\dT[\d:.]+Z: billsim keeps at most 2 sessions \(--max-sessions\) and it was the least recently used, so its state, journal and snapshots are gone\. Reset it \(POST \/__billsim\/reset with header x-billsim-session: one\) to start it again from the seed, or start billsim with a larger --max-sessions$/;

const addProduct = (app: FastifyInstance, session: string) =>
  api(app, 'bulkAddProducts', { 'products[0][copyof]': '1', 'products[0][name]': 'Kept' }, { session });

async function control(app: FastifyInstance, method: 'GET' | 'POST' | 'DELETE', url: string, session?: string) {
  // A header of billsim's own, as every state change without a JSON body needs.
  const headers: Record<string, string> = { 'x-billsim-control': '1', ...(session && { 'x-billsim-session': session }) };
  const response = await app.inject({ method, url: `/__billsim${url}`, headers });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

/** An app whose warnings are collected, with room for two sessions besides the default one. */
async function appWithLog(t: Parameters<typeof build>[0]) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = await build(t, { maxSessions: 2, logger: { level: 'warn', stream } });
  return { app, lines };
}

t.test('a dropped session answers an error naming the drop, never a new world, until it is reset', async (t) => {
  const { app, lines } = await appWithLog(t);
  t.equal((await addProduct(app, 'one')).info?.toString(), 'Product Kept added');
  t.equal((await addProduct(app, 'one')).info?.toString(), 'Product Kept duplicated. New product name: Kept(2)');
  await api(app, 'getCurrencies', {}, { session: 'two' });
  await api(app, 'getCurrencies', {}, { session: 'three' });
  t.notOk(app.billsim.sessions.has('one'), 'one was the least recently used');

  const refused = await addProduct(app, 'one');
  t.equal(refused.success, false);
  t.match((refused.error as string[])[0], DROPPED);
  assertError(t, refused, 'bulkAddProducts', refused.error as string[]);
  const read = await api(app, 'getCurrencies', {}, { session: 'one' });
  t.strictSame(read.error, refused.error, 'reads are refused the same way');
  t.notOk(app.billsim.sessions.has('one'), 'a refused request makes no new session under the old name');

  const journal = await control(app, 'GET', '/requests', 'one');
  t.equal(journal.status, 410);
  t.match(journal.body.error, DROPPED);

  const health = await control(app, 'GET', '/health');
  t.equal(health.body.evicted, 1);
  const logged = lines.filter((line) => line.session === 'one');
  t.equal(logged.length, 1, 'the drop is logged once');
  t.match(logged[0].msg, DROPPED);
  t.equal(logged[0].level, 40, 'as a warning');

  t.strictSame(await control(app, 'POST', '/reset', 'one'), { status: 200, body: { reset: ['one'] } });
  t.equal((await addProduct(app, 'one')).info?.toString(), 'Product Kept added', 'reset: back to the seed');
});

t.test('deleting a dropped session forgets the drop: its name starts anew', async (t) => {
  const { app } = await appWithLog(t);
  for (const name of ['one', 'two', 'three']) await api(app, 'getCurrencies', {}, { session: name });
  t.equal((await api(app, 'getCurrencies', {}, { session: 'one' })).success, false);
  t.equal((await control(app, 'DELETE', '/sessions/one')).status, 200);
  t.equal((await api(app, 'getCurrencies', {}, { session: 'one' })).success, true);
  t.equal((await control(app, 'DELETE', '/sessions/nobody')).status, 404, 'a name never used is still unknown');
});

t.test('a reset of every session forgets every drop', async (t) => {
  const { app } = await appWithLog(t);
  for (const name of ['one', 'two', 'three']) await api(app, 'getCurrencies', {}, { session: name });
  t.equal((await control(app, 'POST', '/reset?all=1', 'two')).status, 200);
  t.equal((await api(app, 'getCurrencies', {}, { session: 'one' })).success, true);
});

t.test('a session answering a request is never dropped', async (t) => {
  const { app } = await appWithLog(t);
  // A fault delays one's next request, so it is still in flight while other sessions arrive.
  await app.inject({
    method: 'POST',
    url: '/__billsim/faults',
    headers: { 'x-billsim-session': 'one' },
    payload: { call: 'bulkAddProducts', delayMs: 200, times: 1 },
  });
  const inFlight = addProduct(app, 'one');
  await new Promise((resolve) => setTimeout(resolve, 20));
  for (const name of ['two', 'three', 'four']) await api(app, 'getCurrencies', {}, { session: name });
  t.ok(app.billsim.sessions.has('one'), 'kept while its request runs');
  t.equal((await inFlight).info?.toString(), 'Product Kept added');
  t.equal((await addProduct(app, 'one')).info?.toString(), 'Product Kept duplicated. New product name: Kept(2)', 'its state is whole');
  t.equal(app.billsim.sessions.names().length, 2, 'back within the limit once it is idle and others come');
});

t.test('in-process: a dropped session throws the same error until reset', async (t) => {
  const simulator = await createSimulator({ now: FROZEN_NOW, maxSessions: 2 });
  t.teardown(() => simulator.close());
  const one = simulator.session('one');
  await one.addFault({ call: 'getCurrencies', error: ['kept'] });
  simulator.session('two');
  simulator.session('three');
  await t.rejects(one.faults(), { message: DROPPED });
  await one.reset();
  t.strictSame(await one.faults(), [], 'reset: a new session from the seed');
});
