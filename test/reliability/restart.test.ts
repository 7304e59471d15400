// With --data, the default session's own state survives a restart beside its
// collections: a moved or frozen clock, snapshots (each with its clock),
// faults and the automation switch; and the daily automation runs each day
// exactly once across restarts, restores and clock moves.
import t, { type Test } from 'tap';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../src/app.js';
import { CREDENTIALS } from '../helpers/app.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function dataFile(t: Test): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-restart-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  return path.join(dir, 'world.json');
}

/** A control request's answer (JSON), failing the test on a status other than `status`. */
async function control(t: Test, app: FastifyInstance, method: 'GET' | 'POST' | 'DELETE', url: string, body?: object, status = 200) {
  const response = await app.inject({
    method,
    url: `/__billsim${url}`,
    headers: { 'x-billsim-control': '1' },
    ...(body && { payload: body }),
  });
  t.equal(response.statusCode, status, `${method} ${url}: ${response.body.slice(0, 200)}`);
  return response.json();
}

const currencies = (app: FastifyInstance) =>
  app.inject({ url: `/admin/api.php?${new URLSearchParams({ call: 'getCurrencies', ...CREDENTIALS })}` }).then((r) => r.json());

/**
 * The same steps, against a data file with a restart between each (`restart`
 * closes the server and starts another on the same file, while real time
 * runs on), or against one server in memory: both must end alike.
 */
async function story(t: Test, file: string | undefined) {
  let real = Date.UTC(2026, 10, 20, 12);
  const options: AppOptions = { realNow: () => real, ...(file && { dataFile: file }) };
  let app = await buildApp(options);
  const restart = async (realTimePassing: number) => {
    real += realTimePassing;
    if (!file) return;
    await app.close();
    app = await buildApp(options);
  };
  const seen: Record<string, unknown> = {};
  await control(t, app, 'POST', '/clock', { now: '2026-11-21 09:00:00' });
  await control(t, app, 'POST', '/snapshots/monday');
  await control(t, app, 'POST', '/clock', { advanceDays: 2, frozen: true });
  await control(t, app, 'POST', '/snapshots/wednesday');
  await control(t, app, 'POST', '/faults', { call: 'getCurrencies', error: ['Maintenance'], times: 2 }, 201);
  t.strictSame((await currencies(app)).error, ['Maintenance']);
  await restart(HOUR);
  seen.frozen = await control(t, app, 'GET', '/clock');
  seen.snapshots = await control(t, app, 'GET', '/snapshots');
  seen.faults = await control(t, app, 'GET', '/faults');
  await control(t, app, 'POST', '/clock', { frozen: false });
  // Down for two days while the clock runs: they run at the first request after the start, once.
  await restart(2 * DAY);
  seen.running = await control(t, app, 'GET', '/clock');
  t.strictSame((await currencies(app)).error, ['Maintenance'], 'the fault counted down to its last request');
  t.equal((await currencies(app)).success, true, 'and is gone after it');
  await control(t, app, 'POST', '/snapshots/monday/restore');
  seen.restored = await control(t, app, 'GET', '/clock');
  await restart(HOUR);
  seen.restoredLater = await control(t, app, 'GET', '/clock');
  seen.advanced = (await control(t, app, 'POST', '/clock', { advanceDays: 3 })).automation;
  await control(t, app, 'POST', '/automation', { enabled: false });
  await restart(DAY);
  seen.switchedOff = (await control(t, app, 'GET', '/automation?limit=1')).enabled;
  await control(t, app, 'POST', '/automation', { enabled: true });
  await control(t, app, 'POST', '/snapshots/wednesday/restore');
  await control(t, app, 'POST', '/clock', { advanceDays: 2 });
  await restart(HOUR);
  seen.log = (await control(t, app, 'GET', '/state/automation_log')).automation_log;
  seen.invoices = (await control(t, app, 'GET', '/state/invoices')).invoices;
  seen.last = await control(t, app, 'GET', '/automation?limit=1');
  await app.close();
  return seen;
}

t.test('a --data server finds its clock, snapshots, faults and automation after each restart, as one server in memory would', async (t) => {
  const file = dataFile(t);
  const restarted = await story(t, file);
  const inMemory = await story(t, undefined);
  t.strictSame(restarted.frozen, { now: '2026-11-23 09:00:00', server_time: 1795424400, frozen: true }, 'a frozen clock stays frozen');
  t.strictSame(restarted.snapshots, {
    snapshots: [
      { name: 'monday', savedAt: '2026-11-21 09:00:00' },
      { name: 'wednesday', savedAt: '2026-11-23 09:00:00' },
    ],
  });
  t.match(restarted.faults, { faults: [{ id: '1', call: 'getCurrencies', times: 2, remaining: 1 }] }, 'a fault keeps its count');
  t.strictSame(
    restarted.running,
    { now: '2026-11-25 09:00:00', server_time: 1795597200, frozen: false },
    'a running clock ran on while the server was down',
  );
  t.strictSame(
    restarted.restored,
    { now: '2026-11-21 09:00:00', server_time: 1795251600, frozen: false },
    "a restore brings the snapshot's clock",
  );
  t.strictSame(
    restarted.restoredLater,
    { now: '2026-11-21 10:00:00', server_time: 1795255200, frozen: false },
    'and keeps it after a restart',
  );
  t.match(restarted.advanced, { days: 3 }, 'three days after the restore run three days, not none');
  t.equal(restarted.switchedOff, false, 'the automation switch is kept');
  t.strictSame(restarted, inMemory, 'everything, the automation log and invoices included, is as without restarts');
  const days = (restarted.log as { day: string; action: string; records: object }[]).map((e) => JSON.stringify(e));
  t.equal(new Set(days).size, days.length, 'no entry of the log is there twice');
});

t.test('the snapshots are files beside the data file: replaced, deleted and left over files go', async (t) => {
  const file = dataFile(t);
  let app = await buildApp({ dataFile: file, now: new Date('2026-11-20T12:00:00Z') });
  const files = () => fs.readdirSync(`${file}.snapshots`).sort();
  await control(t, app, 'POST', '/snapshots/a');
  await control(t, app, 'POST', '/snapshots/b');
  t.strictSame(files(), ['1.json', '2.json']);
  await control(t, app, 'POST', '/snapshots/a');
  t.strictSame(files(), ['2.json', '3.json'], 'saving over a name replaces its file');
  await control(t, app, 'DELETE', '/snapshots/b');
  t.strictSame(files(), ['3.json']);
  await app.close();
  fs.writeFileSync(`${file}.snapshots/9.json`, '{}');
  app = await buildApp({ dataFile: file });
  t.teardown(() => app.close());
  t.strictSame(files(), ['3.json'], 'a file no saved state names (a crash between the two writes) is removed at start');
  t.strictSame((await control(t, app, 'GET', '/snapshots')).snapshots, [{ name: 'a', savedAt: '2026-11-20 12:00:00' }]);
});

t.test('a saved session state that does not check out stops the start, naming what is wrong, and is left as it was', async (t) => {
  const file = dataFile(t);
  const app = await buildApp({ dataFile: file });
  await control(t, app, 'POST', '/clock', { now: '2026-11-21 09:00:00', frozen: true });
  await app.close();
  const log = fs.readFileSync(`${file}.log`, 'utf8');
  const broken = log.replace('"frozenAt":', '"frozenAt":"soon","was":');
  fs.writeFileSync(`${file}.log`, broken);
  await t.rejects(buildApp({ dataFile: file }), {
    message: `data file ${file}: the session's saved state is invalid: clock.frozenAt must be a moment in ms or null; fix or move it, it was left unchanged`,
  });
  t.equal(fs.readFileSync(`${file}.log`, 'utf8'), broken);
  const missing = JSON.parse(log.trim().split('\n').at(-1)!);
  missing.session.snapshots = {
    next: 2,
    list: [{ name: 'x', savedAt: '2026-11-21 09:00:00', at: 1, frozen: true, automationFrom: '2026-11-20', file: 1 }],
  };
  fs.writeFileSync(`${file}.log`, `${JSON.stringify(missing)}\n`);
  await t.rejects(buildApp({ dataFile: file }), { message: new RegExp(`^snapshot file ${file}\\.snapshots/1\\.json cannot be read`) });
});
