// The server killed with SIGKILL between automation days, and after a clock
// change, a snapshot and a restore: each start finds the clock, the snapshots
// and the automation where they were, and the automation log ends as one
// uninterrupted server's does, each day run exactly once.
import t from 'tap';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startCli, type Running } from '../helpers/process.js';
import { buildApp } from '../../src/app.js';

const NOW = '2026-11-20 12:00:00';

async function send(server: Running, method: string, route: string, body?: object): Promise<Record<string, any>> {
  const response = await fetch(`${server.origin}/__billsim${route}`, {
    method,
    ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : { headers: { 'x-billsim-control': '1' } }),
  });
  return (await response.json()) as Record<string, any>;
}

t.test('killed between days, after a snapshot and after a restore: every day runs once and the clock is kept', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-restart-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const args = ['--data', path.join(dir, 'world.json'), '--now', NOW, '--log-level', 'silent'];
  let server = await startCli(args);
  const killAndStart = async () => {
    t.equal(await server.stop('SIGKILL'), null, 'killed');
    server = await startCli(args);
  };
  t.teardown(() => server.stop());

  t.match(await send(server, 'POST', '/clock', { advanceDays: 1 }), { now: '2026-11-21 12:00:00', automation: { days: 1 } });
  await killAndStart();
  t.strictSame(await send(server, 'GET', '/clock'), { now: '2026-11-21 12:00:00', server_time: 1795262400, frozen: true });
  t.match(await send(server, 'POST', '/clock', { advanceDays: 1 }), { automation: { days: 1 } }, 'the next day runs, once');
  await send(server, 'POST', '/snapshots/second');
  await killAndStart();
  t.strictSame((await send(server, 'GET', '/snapshots')).snapshots, [{ name: 'second', savedAt: '2026-11-22 12:00:00' }]);
  t.match(await send(server, 'POST', '/clock', { advanceDays: 3 }), { automation: { days: 3 } });
  await send(server, 'POST', '/snapshots/second/restore');
  await killAndStart();
  t.equal((await send(server, 'GET', '/clock')).now, '2026-11-22 12:00:00', "the restored snapshot's clock");
  t.match(await send(server, 'POST', '/clock', { advanceDays: 2 }), { automation: { days: 2 } });
  const log = (await send(server, 'GET', '/state/automation_log')).automation_log;

  const reference = await buildApp({ now: new Date(`${NOW.replace(' ', 'T')}Z`) });
  t.teardown(() => reference.close());
  const move = (days: number) => reference.inject({ method: 'POST', url: '/__billsim/clock', payload: { advanceDays: days } });
  await move(2);
  await reference.inject({ method: 'POST', url: '/__billsim/snapshots/second', headers: { 'x-billsim-control': '1' } });
  await move(3);
  await reference.inject({ method: 'POST', url: '/__billsim/snapshots/second/restore', headers: { 'x-billsim-control': '1' } });
  await move(2);
  t.strictSame(log, (await reference.inject({ url: '/__billsim/state/automation_log' })).json().automation_log, 'as without the kills');
});
