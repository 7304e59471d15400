// npx tsx bench/fixed-rate.ts [--rate 4000] [--duration 8] [--connections 10]
// CPU per request, user and system apart, of billsim and of the node:http
// reference sending billsim's recorded answer, both driven at the same fixed
// request rate, which each serves in full. `npm run bench` drives each server
// as fast as it goes, so a slower server also handles fewer requests per
// wake-up of its event loop and pays more system calls per request; at one
// rate both work in the same regime, and what is left is each request's own cost.
import os from 'node:os';
import fs from 'node:fs';
import autocannon from 'autocannon';
import { CALLS } from './calls.js';
import { recordAnswers, request } from './measure.js';
import { startBillsim, startReference, type Server } from './servers.js';

const arg = (name: string, fallback: number) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback;
const rate = arg('--rate', 4000);
const duration = arg('--duration', 8);
const connections = arg('--connections', 10);

/** utime and stime of a process so far, in µs (Linux /proc, clock ticks of 10 ms). */
function times(pid: number) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return { user: Number(fields[11]) * 10_000, system: Number(fields[12]) * 10_000 };
}

async function drive(server: Server, path: string, headers: Record<string, string>) {
  const origin = new URL(server.url).origin;
  const before = times(server.pid);
  const result = await autocannon({ url: `${origin}${path}`, headers, connections, duration, overallRate: rate, sampleInt: 100 });
  const after = times(server.pid);
  const n = result.requests.total;
  return {
    rps: n / result.duration,
    user: (after.user - before.user) / n,
    system: (after.system - before.system) / n,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

const billsim = await startBillsim();
const reads = CALLS.filter((c) => !c.mutates);
const { file } = await recordAnswers(billsim.url, reads);
const node = await startReference('node', file);
process.stdout.write(
  `fixed rate ${rate} req/s, ${connections} connections, ${duration} s per run, GET; load ${os.loadavg()[0].toFixed(1)}\n`,
);
process.stdout.write('call               server     req/s  user µs/req  system µs/req  total  failed\n');
for (const call of reads) {
  for (const [name, server] of [
    ['billsim', billsim],
    ['node:http', node],
  ] as const) {
    const url = new URL(server.url);
    const req = request(url.pathname, call, 'GET', 'default');
    const r = await drive(server, req.path, req.headers);
    process.stdout.write(
      `${call.name.padEnd(18)} ${name.padEnd(9)} ${r.rps.toFixed(0).padStart(6)} ${r.user.toFixed(1).padStart(12)} ${r.system.toFixed(1).padStart(14)} ${(r.user + r.system).toFixed(1).padStart(6)} ${String(r.failed).padStart(7)}\n`,
    );
  }
}
process.stdout.write(
  `load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')}\n`,
);
await node.stop();
await billsim.stop();
fs.rmSync(file, { force: true });
