// npx tsx bench/extra-work.ts [--rounds 3] [--duration 3] [--spins 0,5,10,20,40,80]
// What share of node:http's req/s a server reaches on this machine when it
// does N µs more work per request, and what that work costs in CPU, user and
// system apart. The node:http reference (bench/ceiling.ts --node) sends
// billsim's recorded answer to one read and one mutation of `npm run bench`;
// the same server with --spin-us N first burns N µs. billsim answers the same
// requests in the same rounds. Prints, per server: req/s, its share of the
// reference without spin, and CPU per request from /proc (user + system).
import os from 'node:os';
import { parseArgs } from 'node:util';
import { CALLS } from './calls.js';
import { load, median, recordAnswers, request, type Call } from './measure.js';
import { cpuTimesUs, startBillsim, startReference, type Server } from './servers.js';

const { values: opts } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '3' },
    spins: { type: 'string', default: '0,5,10,20,40,80' },
    calls: { type: 'string', default: 'getCurrencies,editEstimateDetails' },
  },
});
const rounds = Number(opts.rounds);
const seconds = Number(opts.duration);
const spins = opts.spins.split(',').map(Number);
const calls = opts.calls.split(',').map((name) => {
  const call = CALLS.find((c) => c.name === name);
  if (!call) throw new Error(`--calls: ${name} is not a call of bench/calls.ts`);
  return call;
});

interface Run {
  rps: number;
  user: number;
  system: number;
}

async function measured(server: Server, call: Call, session: string): Promise<Run> {
  const url = new URL(server.url);
  const req = request(url.pathname, call, 'GET', session);
  await load(url.origin, req, 10, 0.5);
  const before = cpuTimesUs(server.pid);
  const result = await load(url.origin, req, 10, seconds);
  const after = cpuTimesUs(server.pid);
  if (result.failures > 0) throw new Error(`${result.failures} requests failed`);
  return { rps: result.rps, user: (after.user - before.user) / result.requests, system: (after.system - before.system) / result.requests };
}

const billsim = await startBillsim();
const { file } = await recordAnswers(billsim.url, calls);
const servers: [string, Server][] = [];
for (const spin of spins) servers.push([`node:http + ${spin} µs`, await startReference('node', file, spin)]);
servers.push(['billsim', billsim]);
const load1 = () => os.loadavg()[0].toFixed(1);
process.stdout.write(`GET, ${rounds} rounds of ${seconds} s, 10 connections; load ${load1()}\n`);
try {
  for (const call of calls) {
    const runs = new Map<string, Run[]>(servers.map(([name]) => [name, []]));
    for (let round = 0; round < rounds; round++)
      for (const [name, server] of servers) runs.get(name)!.push(await measured(server, call, `extra-${call.name}-${round}`));
    const base = runs.get(servers[0][0])!;
    process.stdout.write(`\n${call.name}\n| server | req/s | share | user µs | system µs |\n| --- | ---: | ---: | ---: | ---: |\n`);
    for (const [name, list] of runs) {
      const share = median(list.map((run, i) => run.rps / base[i].rps));
      const m = (pick: (run: Run) => number) => median(list.map(pick));
      process.stdout.write(
        `| ${name} | ${Math.round(m((r) => r.rps))} | ${Math.round(100 * share)}% | ${m((r) => r.user).toFixed(1)} | ${m((r) => r.system).toFixed(1)} |\n`,
      );
    }
  }
  process.stdout.write(`\nload ${load1()} at the end\n`);
} finally {
  for (const [, server] of servers) await server.stop();
}
