// Targets of `npm run bench`'s table measured by the bench's other scripts,
// each run as a child process with --json FILE (its own lines printed as it
// goes): the calls walk (bench:calls, in-process calls with no server), a year
// of idle days (bench:clock --idle-only, in-process) and the customer's door
// against the staff's (bench:door, a server of its own), so none shares a
// process with the servers the rest of the bench measures.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './servers.js';

export interface ChildTarget {
  name: string;
  value: string;
  limit: string;
  pass: boolean;
}

/** Runs bench/SCRIPT with ARGS and --json FILE: what it wrote there, or why nothing was written. */
function runForJson<T>(script: string, args: string[]): { result: T } | { failed: string } {
  const json = path.join(os.tmpdir(), `billsim-${path.basename(script, '.ts')}-${process.pid}.json`);
  const argv = ['--import', 'tsx', path.join(ROOT, 'bench', script), '--json', json, ...args];
  const run = spawnSync(process.execPath, argv, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  if (run.status !== 0 || !fs.existsSync(json)) return { failed: `failed (exit ${run.status})` };
  const result = JSON.parse(fs.readFileSync(json, 'utf8')) as T;
  fs.rmSync(json);
  return { result };
}

export function callsScaleTarget(quick: boolean): ChildTarget {
  const name = `every call within 2x at ${quick ? '1,000 services (quick)' : '10,000 services'} (bench:calls)`;
  const run = runForJson<{ rows: { call: string; ratio: number; pass: boolean }[] }>('calls-scale.ts', quick ? ['--quick'] : []);
  if ('failed' in run) return { name, value: run.failed, limit: '<= 2x', pass: false };
  const { rows } = run.result;
  const worst = rows.filter((r) => Number.isFinite(r.ratio)).sort((a, b) => b.ratio - a.ratio)[0];
  const passed = rows.filter((r) => r.pass).length;
  return {
    name,
    value: `${passed} of ${rows.length}, worst ${worst.call} x${worst.ratio.toFixed(2)}`,
    limit: '<= 2x',
    pass: passed === rows.length,
  };
}

/**
 * Issue 45's idle days: a year with nothing due in the largest generated world against the bundled world's year,
 * each after its first day, the session's first use of its tables (its cost printed beside).
 */
export function idleDaysTarget(quick: boolean): ChildTarget {
  const run = runForJson<{
    services: number;
    ratio: number;
    idleCpuMs: number;
    bundledCpuMs: number;
    firstUseCpuMs: { idle: number; bundled: number };
  }>('clock.ts', ['--idle-only', ...(quick ? ['--quick'] : [])]);
  const name = `a year with nothing due at ${quick ? '500 services (quick)' : '10,000 services'} / the bundled world's year, after the first day (bench:clock)`;
  if ('failed' in run) return { name, value: run.failed, limit: '<= x2.00', pass: false };
  const { ratio, idleCpuMs, bundledCpuMs, firstUseCpuMs } = run.result;
  const s = (ms: number) => (ms / 1000).toFixed(2);
  return {
    name,
    value: `x${ratio.toFixed(2)} (${s(idleCpuMs)} s / ${s(bundledCpuMs)} s CPU; first day ${s(firstUseCpuMs.idle)} s)`,
    limit: '<= x2.00',
    pass: ratio <= 2,
  };
}

/** The customer's door's reads against the staff's: GET /api/invoice beside getClientInvoices for the same client. */
export function doorTarget(quick: boolean): ChildTarget {
  const run = runForJson<{ ratio: number }>('door.ts', quick ? ['--duration', '0.3', '--rounds', '1'] : []);
  const name = "GET /api/invoice's req/s against getClientInvoices' (bench:door)";
  if ('failed' in run) return { name, value: run.failed, limit: '<= x1.50', pass: false };
  return { name, value: `x${run.result.ratio.toFixed(2)} slower`, limit: '<= x1.50', pass: run.result.ratio <= 1.5 };
}
