// When the data file cannot be written after a mutation, the mutation is
// undone: the call answers an error, and memory keeps what the file keeps.
import t from 'tap';
import type { Adapter } from 'lowdb';
import { api, assertError, assertSuccess, build } from '../helpers/app.js';
import type { Collections } from '../../src/generated/wire.js';

/** An adapter that fails the writes it is told to, and keeps the last one that worked. */
function flakyAdapter() {
  const state = { failNext: 0, saved: undefined as Collections | undefined, writes: 0 };
  const adapter: Adapter<Collections> = {
    read: async () => null,
    write: async (data) => {
      state.writes++;
      await new Promise((resolve) => setTimeout(resolve, 5)); // a real write takes a while
      if (state.failNext > 0) {
        state.failNext--;
        throw new Error('ENOSPC: no space left on device, write');
      }
      state.saved = structuredClone(data);
    },
  };
  return { adapter, state };
}

const NOT_SAVED = 'The change was not applied: saving the data file failed (ENOSPC: no space left on device, write)';
const subject = async (app: Awaited<ReturnType<typeof build>>) =>
  ((await api(app, 'getEstimateDetails', { id: '1' })).estimate as { subject: string }).subject;

t.test('a failed write undoes the mutation and says so', async (t) => {
  const { adapter, state } = flakyAdapter();
  const app = await build(t, { defaultAdapter: adapter });
  const before = await api(app, 'getEstimateDetails', { id: '1' });
  state.failNext = 1;
  assertError(t, await api(app, 'editEstimateDetails', { id: '1', subject: 'lost' }), 'editEstimateDetails', [NOT_SAVED]);
  t.strictSame(await api(app, 'getEstimateDetails', { id: '1' }), before, 'the estimate reads as before');
  t.equal(state.saved, undefined, 'nothing was saved');
  assertSuccess(t, await api(app, 'editEstimateDetails', { id: '1', subject: 'kept' }), 'editEstimateDetails');
  t.equal(await subject(app), 'kept');
  t.equal(state.saved!.estimates.find((e) => e.id === '1')!.subject, 'kept', 'the file holds what memory holds');
});

t.test('a mutation waits for the one being saved, and a failed one leaves the next intact', async (t) => {
  const { adapter, state } = flakyAdapter();
  const app = await build(t, { defaultAdapter: adapter });
  state.failNext = 1;
  const [first, second] = await Promise.all([
    api(app, 'editEstimateDetails', { id: '1', subject: 'first' }),
    api(app, 'editEstimateDetails', { id: '1', subject: 'second' }),
  ]);
  assertError(t, first, 'editEstimateDetails', [NOT_SAVED]);
  assertSuccess(t, second, 'editEstimateDetails');
  t.equal(await subject(app), 'second');
  t.equal(state.saved!.estimates.find((e) => e.id === '1')!.subject, 'second');
  t.equal(state.writes, 2, 'one write per mutation, one after the other');
});

t.test('growing mutations under failures: every acknowledged product is saved, no other', async (t) => {
  const { adapter, state } = flakyAdapter();
  const app = await build(t, { defaultAdapter: adapter });
  const send = () => api(app, 'bulkAddProducts', { 'products[0][copyof]': '1', 'products[0][name]': 'copy' });
  state.failNext = 3;
  const bodies = await Promise.all(Array.from({ length: 8 }, send));
  t.equal(bodies.filter((b) => !b.success).length, 3, 'three writes failed');
  const names = (data: Collections) =>
    data.products
      .map((p) => p.name)
      .filter((n) => n.startsWith('copy'))
      .sort();
  const saved = names(state.saved!);
  t.equal(saved.length, 5, 'five products saved');
  const listed = Object.values((await api(app, 'getProducts', { id: '1' })).products as Record<string, { name: string }>)
    .map((p) => p.name)
    .filter((n) => n.startsWith('copy'))
    .sort();
  t.strictSame(listed, saved, 'memory holds exactly the saved products');
});

t.test('a reset or a snapshot restore that cannot be saved changes nothing and answers 503', async (t) => {
  const { adapter, state } = flakyAdapter();
  const app = await build(t, { defaultAdapter: adapter });
  const control = (method: 'POST', url: string) => app.inject({ method, url: `/__billsim${url}`, headers: { 'x-billsim-control': '1' } });
  t.equal((await control('POST', '/snapshots/seed')).statusCode, 200);
  assertSuccess(t, await api(app, 'editEstimateDetails', { id: '1', subject: 'edited' }), 'editEstimateDetails');
  for (const [what, url] of [
    ['reset', '/reset'],
    ['restore', '/snapshots/seed/restore'],
  ]) {
    state.failNext = 1;
    const response = await control('POST', url);
    t.equal(response.statusCode, 503, what);
    t.strictSame(response.json(), {
      error: `The ${what} was not applied: saving the data file failed (ENOSPC: no space left on device, write)`,
    });
    t.equal(await subject(app), 'edited', `${what}: the state is as before`);
    t.equal(state.saved!.estimates.find((e) => e.id === '1')!.subject, 'edited', `${what}: and so is the file`);
  }
  const calls = (await app.inject({ url: '/__billsim/requests?call=editEstimateDetails' })).json().requests.length;
  t.equal(calls, 1, 'the journal was not cleared by the failed reset');
  t.equal((await control('POST', '/reset')).statusCode, 200);
  t.not(await subject(app), 'edited', 'a reset that can be saved resets');
  t.not(state.saved!.estimates.find((e) => e.id === '1')!.subject, 'edited');
});
