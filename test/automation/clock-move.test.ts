// A long clock move runs its days in slices: other sessions answer while it
// runs, the moving session's own requests wait for it, GET /__billsim/clock
// shows how far it got, and POST /__billsim/clock/cancel stops it with the
// days done kept. Where slices end never changes what the days do.
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, build } from '../helpers/app.js';
import { automationLog } from './support.js';
import { Seed, World } from '../../src/store/world.js';
import { loadFixtures } from '../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../src/paths.js';
import { Clock } from '../../src/session/clock.js';
import { catchUp, CatchUpRun } from '../../src/session/automation.js';

const session = (name: string) => ({ 'x-billsim-session': name });
const clockOf = async (app: FastifyInstance, name: string) =>
  (await app.inject({ url: '/__billsim/clock', headers: session(name) })).json();

/** Starts a century's move in session `name` and resolves once its first slice is done; the move's answer is returned unawaited. */
async function moving(app: FastifyInstance, name: string) {
  const move = app.inject({ method: 'POST', url: '/__billsim/clock', payload: { advanceDays: 36_525 }, headers: session(name) });
  for (let i = 0; i < 10_000; i++) {
    const state = await clockOf(app, name);
    if (state.catchUp?.done > 0) return { move, state };
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('the move showed no progress');
}

t.test('while one session moves a century, another answers and the mover shows its progress', async (t) => {
  const app = await build(t);
  const { move, state } = await moving(app, 'mover');
  t.match(state, { now: '2126-11-21 12:00:00', frozen: true, catchUp: { from: '2026-11-21', to: '2126-11-21', days: 36_525 } });
  t.ok(state.catchUp.done < state.catchUp.days, 'part of the days are done');
  t.equal(state.catchUp.day.length, 10);

  const other = await api(app, 'getClientDetails', { id: '1' }, { session: 'other' });
  t.equal(other.success, true, 'another session answers');
  t.equal(other.server_time, Date.UTC(2026, 10, 20, 12) / 1000, 'on its own clock');
  t.ok((await clockOf(app, 'mover')).catchUp, 'and the move was still running when it answered');

  // The mover's own request waits for the whole move.
  let moved = false;
  const answered = move.then((response) => {
    moved = true;
    return response.json();
  });
  const own = await api(app, 'getCurrencies', {}, { session: 'mover' });
  t.ok(moved, "the mover's request answered after the move");
  t.equal(own.server_time, Date.UTC(2126, 10, 21, 12) / 1000);
  const done = await answered;
  t.equal(done.automation.days, 36_525);
  t.notOk('cancelled' in done.automation);
  t.notOk('catchUp' in (await clockOf(app, 'mover')), 'no progress once it ended');
  t.equal((await automationLog(app, 'mover')).last_run, '2126-11-21');
});

t.test('a cancelled move keeps the days it ran and stops the clock at the last of them', async (t) => {
  const app = await build(t);
  const { move } = await moving(app, 'mover');
  const cancel = await app.inject({ method: 'POST', url: '/__billsim/clock/cancel', headers: session('mover') });
  t.equal(cancel.statusCode, 200);
  t.strictSame(cancel.json(), { cancelled: true });
  const answer = (await move).json();
  t.equal(answer.automation.cancelled, true);
  t.ok(answer.automation.days > 0 && answer.automation.days < 36_525, `ran ${answer.automation.days} days`);
  const log = await automationLog(app, 'mover');
  const clock = await clockOf(app, 'mover');
  t.strictSame(clock, { now: `${log.last_run} 12:00:00`, server_time: Date.parse(`${log.last_run}T12:00:00Z`) / 1000, frozen: true });
  t.equal(answer.now, clock.now, 'the move answers the clock where it stopped');
  const days = Date.parse(`${log.last_run}T00:00:00Z`) / 86_400_000 - Date.UTC(2026, 10, 20) / 86_400_000;
  t.equal(answer.automation.days, days, 'every day up to the clock ran, and no other');
  t.strictSame((await api(app, 'getCurrencies', {}, { session: 'mover' })).success, true);
  t.equal((await automationLog(app, 'mover')).last_run, log.last_run, 'the next request runs nothing more');
});

t.test('cancel with no move running answers false and changes nothing', async (t) => {
  const app = await build(t);
  const before = await clockOf(app, 'quiet');
  const cancel = await app.inject({ method: 'POST', url: '/__billsim/clock/cancel', headers: session('quiet') });
  t.equal(cancel.statusCode, 200);
  t.strictSame(cancel.json(), { cancelled: false });
  t.strictSame(await clockOf(app, 'quiet'), before);
});

t.test('where slices end never changes what the days do: a day a slice gives the same state as one slice', async (t) => {
  const seed = new Seed(loadFixtures(defaultFixturesDir));
  const after = async (sliceMs: number) => {
    const world = new World(seed);
    const clock = new Clock(new Date('2026-11-20T12:00:00Z'));
    const state = { world, clock, automationEnabled: true, automationFrom: '2026-11-20' };
    clock.change({ advanceDays: 400 });
    const summary = await catchUp(state, new CatchUpRun(sliceMs));
    return { summary, state: JSON.stringify(world.snapshot()) };
  };
  const sliced = await after(0);
  const whole = await after(60_000);
  t.equal(sliced.summary.days, 400);
  t.strictSame(sliced.summary, whole.summary);
  t.equal(sliced.state, whole.state);
});
