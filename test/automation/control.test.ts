// The automation's control: advanceDays, the log route, turning it off, reset
// and snapshots carrying its state, and the in-process handle.
import t from 'tap';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app.js';
import { build, FROZEN_NOW } from '../helpers/app.js';
import { createSimulator } from '../../src/simulator.js';
import { automationLog, clock } from './support.js';

const post = (app: Awaited<ReturnType<typeof build>>, url: string, payload: unknown, session?: string) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers: session ? { 'x-billsim-session': session } : {} });

t.test('advanceDays runs one daily run per day and answers the counts', async (t) => {
  const app = await build(t);
  const moved = await clock(app, { advanceDays: 11 });
  t.strictSame(moved, {
    now: '2026-12-01 12:00:00',
    server_time: Date.UTC(2026, 11, 1, 12) / 1000,
    frozen: true,
    automation: {
      days: 11,
      actions: { invoice_created: 4, late_fee_added: 3, reminder_sent: 7, service_suspended: 1 },
    },
  });
  const log = await automationLog(app);
  t.equal(log.last_run, '2026-12-01');
  t.equal(log.enabled, true);
  t.equal(log.entries.length, 15);
  t.equal(log.entries[0].day, '2026-12-01', 'newest first');
  const limited = (await app.inject({ url: '/__billsim/automation?limit=2' })).json();
  t.strictSame(limited.entries, log.entries.slice(0, 2));
});

t.test('bad clock and automation input answers 400 saying what to send', async (t) => {
  const app = await build(t);
  const cases: Array<[string, unknown, string]> = [
    ['/__billsim/clock', { advanceDays: 0 }, 'advanceDays must be a whole number of days from 1 to 36525'],
    ['/__billsim/clock', { advanceDays: 1.5 }, 'advanceDays must be a whole number of days from 1 to 36525'],
    ['/__billsim/clock', { advanceDays: '30' }, 'advanceDays must be a whole number of days from 1 to 36525'],
    ['/__billsim/clock', { advanceDays: 36526 }, 'advanceDays must be a whole number of days from 1 to 36525'],
    ['/__billsim/clock', { advanceDays: 1, advanceSeconds: 5 }, 'Give only one of now, advanceSeconds and advanceDays'],
    ['/__billsim/automation', { enabled: 'no' }, 'enabled must be true or false'],
    [
      '/__billsim/automation',
      { on: true },
      'Unknown automation field "on": send only enabled; enabled must be true or false; it is missing',
    ],
  ];
  for (const [url, body, error] of cases) {
    const response = await post(app, url, body);
    t.equal(response.statusCode, 400, JSON.stringify(body));
    t.strictSame(response.json(), { error });
  }
  const limit = await app.inject({ url: '/__billsim/automation?limit=0' });
  t.equal(limit.statusCode, 400);
  t.strictSame(limit.json(), { error: 'limit must be a whole number from 1 to 1000' });
  t.equal((await automationLog(app)).entries.length, 0, 'nothing ran');
});

t.test('turned off, the clock passes midnight without the automation; turned on, it starts from there', async (t) => {
  const app = await build(t);
  const off = await post(app, '/__billsim/automation', { enabled: false }, 'plain');
  t.match(off.json(), { enabled: false, last_run: '2026-11-20', entries: [] });
  t.strictSame((await clock(app, { advanceDays: 30 }, 'plain')).automation, { days: 0, actions: {} });
  t.equal((await automationLog(app, 'plain')).last_run, '2026-12-20');
  await post(app, '/__billsim/automation', { enabled: true }, 'plain');
  t.equal((await clock(app, { advanceDays: 1 }, 'plain')).automation.days, 1, 'only the day after it was turned on');
  t.equal((await clock(app, { advanceDays: 1 }, 'other')).automation.days, 1, 'other sessions never stopped');

  const quiet = await build(t, { automation: false });
  t.strictSame((await clock(quiet, { advanceDays: 60 })).automation, { days: 0, actions: {} }, 'automation: false for every session');
  t.equal((await automationLog(quiet)).enabled, false);
});

t.test('reset and snapshots carry the automation state, and a snapshot its clock', async (t) => {
  const app = await build(t);
  await post(app, '/__billsim/snapshots/start', {});
  const start = await automationLog(app);
  await clock(app, { advanceDays: 10 });
  const ten = await automationLog(app);
  t.equal(ten.last_run, '2026-11-30');
  await post(app, '/__billsim/snapshots/ten', {});
  await post(app, '/__billsim/snapshots/start/restore', {});
  // The restored state last ran on 2026-11-20 and its clock stands there again: nothing runs until the clock moves.
  t.strictSame(await automationLog(app), start);
  t.equal((await app.inject({ url: '/__billsim/clock' })).json().now, '2026-11-20 12:00:00');
  await clock(app, { advanceDays: 10 });
  t.strictSame(await automationLog(app), ten, 'the same ten days run again, alike');
  await post(app, '/__billsim/reset', {});
  t.strictSame(await automationLog(app), { enabled: true, last_run: '2026-11-20', entries: [] });
});

t.test('in-process: advanceDays, automation() and setAutomation()', async (t) => {
  const sim = await createSimulator({ now: FROZEN_NOW });
  t.teardown(() => sim.close());
  const s = sim.session('inproc');
  t.strictSame(await s.advanceDays(1), { days: 1, actions: { invoice_created: 1, late_fee_added: 1, reminder_sent: 1 } });
  t.equal((await s.automation({ limit: 1 })).entries.length, 1);
  t.equal((await s.setAutomation({ enabled: false })).enabled, false);
  t.strictSame(await s.advanceDays(3), { days: 0, actions: {} });
  await t.rejects(async () => s.setAutomation({ enabled: 'yes' as never }), { message: 'enabled must be true or false' });
});

t.test('with --data the automation log and the last day run survive a restart', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-automation-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const dataFile = path.join(dir, 'state.json');
  const first = await buildApp({ now: FROZEN_NOW, dataFile });
  await clock(first, { advanceDays: 10 });
  const before = await automationLog(first);
  await first.close();
  // Started again at the same moment: nothing runs twice, and the log is as it was.
  const second = await buildApp({ now: FROZEN_NOW, dataFile });
  t.strictSame(await automationLog(second), before);
  await second.close();
  t.equal(before.last_run, '2026-11-30');
  // Started with another --now: the session's saved clock is part of its state and wins; --now is for new sessions and reset.
  const later = await buildApp({ now: new Date('2026-12-02T08:00:00Z'), dataFile });
  t.teardown(() => later.close());
  t.strictSame(await automationLog(later), before);
  t.equal((await later.inject({ url: '/__billsim/clock' })).json().now, '2026-11-30 12:00:00');
});

t.test('every way into a session catches up with a midnight real time passed: each control read, and each in-process read', async (t) => {
  const reads: [string, (sim: Awaited<ReturnType<typeof createSimulator>>) => Promise<unknown>][] = [
    ['GET /__billsim/requests', (sim) => sim.app.inject({ url: '/__billsim/requests' })],
    ['GET /__billsim/faults', (sim) => sim.app.inject({ url: '/__billsim/faults' })],
    ['GET /__billsim/clock', (sim) => sim.app.inject({ url: '/__billsim/clock' })],
    ['GET /__billsim/coverage', (sim) => sim.app.inject({ url: '/__billsim/coverage' })],
    ['GET /__billsim/snapshots', (sim) => sim.app.inject({ url: '/__billsim/snapshots' })],
    ['state()', (sim) => sim.session().state('invoices')],
    ['record()', (sim) => sim.session().record('invoices', '1')],
    ['emails()', (sim) => sim.session().emails()],
    ['requests()', (sim) => sim.session().requests()],
    ['clock()', (sim) => sim.session().clock()],
  ];
  for (const [name, read] of reads) {
    let real = Date.parse('2026-11-20T23:59:00Z');
    const sim = await createSimulator({ realNow: () => real });
    t.teardown(() => sim.close());
    await sim.session().clock(); // the session starts on the 20th
    real = Date.parse('2026-11-21T00:01:00Z');
    await read(sim);
    // Read through the service itself, not the routes: what the read above left behind.
    const [state] = sim.app.billsim.sessions.get().world.all('automation_state');
    t.equal(state?.last_run, '2026-11-21', `${name}: the 21st ran before it answered`);
  }
});
