// The verdict of `npm run bench:calls` (bench/calls-scale.ts) for `npm run bench`'s
// table of targets: the walk runs as a child process (its table printed as it
// goes), in-process calls with no server, so it does not share a process with
// the servers the rest of the bench measures.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './servers.js';

export function callsScaleTarget(quick: boolean): { name: string; value: string; limit: string; pass: boolean } {
  const json = path.join(os.tmpdir(), `billsim-calls-${process.pid}.json`);
  const args = ['--import', 'tsx', path.join(ROOT, 'bench', 'calls-scale.ts'), '--json', json, ...(quick ? ['--quick'] : [])];
  const run = spawnSync(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  const name = `every call within 2x at ${quick ? '1,000 services (quick)' : '10,000 services'} (bench:calls)`;
  if (run.status !== 0 || !fs.existsSync(json)) return { name, value: `failed (exit ${run.status})`, limit: '<= 2x', pass: false };
  const { rows } = JSON.parse(fs.readFileSync(json, 'utf8')) as { rows: { call: string; ratio: number; pass: boolean }[] };
  fs.rmSync(json);
  const worst = rows.filter((r) => Number.isFinite(r.ratio)).sort((a, b) => b.ratio - a.ratio)[0];
  const passed = rows.filter((r) => r.pass).length;
  return {
    name,
    value: `${passed} of ${rows.length}, worst ${worst.call} x${worst.ratio.toFixed(2)}`,
    limit: '<= 2x',
    pass: passed === rows.length,
  };
}
