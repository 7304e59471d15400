// In-process resets and restores go through the save queue like the routes:
// one that cannot be saved changes nothing and rejects with the route's message.
import t from 'tap';
import type { Adapter } from 'lowdb';
import { createSimulator } from '../../src/simulator.js';
import { CREDENTIALS, FROZEN_NOW } from '../helpers/app.js';
import type { Collections } from '../../src/generated/wire.js';

function failingAdapter() {
  const state = { failNext: 0, saved: undefined as Collections | undefined };
  const adapter: Adapter<Collections> = {
    read: async () => null,
    write: async (data) => {
      if (state.failNext > 0) {
        state.failNext--;
        throw new Error('EROFS: read-only file system, write');
      }
      state.saved = structuredClone(data);
    },
  };
  return { adapter, state };
}

t.test('an in-process reset or restore that cannot be saved rejects and changes nothing; one that can is saved', async (t) => {
  const { adapter, state } = failingAdapter();
  const sim = await createSimulator({ now: FROZEN_NOW, defaultAdapter: adapter });
  t.teardown(() => sim.close());
  const session = sim.session();
  await session.snapshot('seed');
  const edit = new URLSearchParams({ call: 'editEstimateDetails', id: '1', subject: 'edited', ...CREDENTIALS });
  t.equal((await sim.app.inject({ url: `/admin/api.php?${edit}` })).json().success, true);
  await session.setClock({ advanceSeconds: 60 });
  const subject = async () => (await session.record('estimates', '1'))?.subject;
  for (const [what, run] of [
    ['reset', () => session.reset()],
    ['restore', () => session.restore('seed')],
    ['reset', () => sim.reset()],
  ] as const) {
    state.failNext = 1;
    await t.rejects(run(), {
      name: 'ControlError',
      kind: 'not-saved',
      message: `The ${what} was not applied: saving the data file failed (EROFS: read-only file system, write)`,
    });
    t.equal(await subject(), 'edited', `${what}: the state is as before`);
    t.equal(state.saved?.estimates.find((e) => e.id === '1')?.subject, 'edited', `${what}: and so is the saved state`);
    t.equal((await session.requests()).length, 1, `${what}: the journal is kept`);
    t.equal((await session.clock()).now, '2026-11-20 12:01:00', `${what}: and the clock`);
  }
  await session.restore('seed');
  t.equal(await subject(), 'Website relaunch support');
  t.equal(state.saved?.estimates.find((e) => e.id === '1')?.subject, 'Website relaunch support', 'the restore was saved');
  t.equal((await session.requests()).length, 1, 'a restore keeps the journal');
  await session.reset();
  t.strictSame(await session.requests(), [], 'a reset clears the journal once saved');
  t.equal((await session.clock()).now, '2026-11-20 12:00:00', 'and puts the clock back');
});
