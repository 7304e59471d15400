// npx tsx bench/mutation-floor.ts [--rounds 3] [--duration 3] [--method GET|POST]
// How near a mutation can come to node:http on Node at all. For each mutation
// of `npm run bench`, in alternating rounds: the node:http reference sending
// billsim's recorded answer as bytes made once (the limit the targets use);
// the same server doing the least a stateful mutation does (bench/ceiling.ts
// --fresh: a changed copy of the answer's records kept, and the answer
// serialized again, each request); and billsim. Prints req/s and CPU per
// request, and each one's share of node:http's req/s.
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { CALLS } from './calls.js';
import { load, median, recordAnswers, request, type Call } from './measure.js';
import { cpuUs, startBillsim, startReference, type Server } from './servers.js';

const { values: opts } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '3' },
    method: { type: 'string', default: 'GET' },
  },
});
const rounds = Number(opts.rounds);
const seconds = Number(opts.duration);
const method = opts.method === 'POST' ? 'POST' : 'GET';
const mutations = CALLS.filter((call) => call.mutates);

async function measured(server: Server, call: Call, session: string): Promise<{ rps: number; cpu: number }> {
  const url = new URL(server.url);
  const req = request(url.pathname, call, method, session);
  await load(url.origin, req, 10, 0.5);
  const before = cpuUs(server.pid);
  const result = await load(url.origin, req, 10, seconds);
  if (result.failures > 0) throw new Error(`${result.failures} requests failed`);
  return { rps: result.rps, cpu: (cpuUs(server.pid) - before) / result.requests };
}

const billsim = await startBillsim();
const { file } = await recordAnswers(billsim.url, mutations);
const servers = { node: await startReference('node', file), fresh: await startReference('fresh', file), billsim };
const load1 = () => os.loadavg()[0].toFixed(1);
process.stdout.write(`${method}, ${rounds} rounds of ${seconds} s, 10 connections; load ${load1()}\n`);
try {
  for (const call of mutations) {
    const runs = { node: [] as number[], fresh: [] as number[], billsim: [] as number[] };
    const cpu = { node: [] as number[], fresh: [] as number[], billsim: [] as number[] };
    for (let round = 0; round < rounds; round++) {
      for (const name of ['node', 'fresh', 'billsim'] as const) {
        const { rps, cpu: us } = await measured(servers[name], call, `floor-${call.name}-${round}`);
        runs[name].push(rps);
        cpu[name].push(us);
      }
    }
    const share = (name: 'fresh' | 'billsim') => median(runs[name].map((rps, i) => rps / runs.node[i]));
    const line = (name: keyof typeof runs) => `${name} ${Math.round(median(runs[name]))}/s ${median(cpu[name]).toFixed(0)} µs`;
    process.stdout.write(
      `${call.name}: ${line('node')}; ${line('fresh')} (${Math.round(100 * share('fresh'))}%); ${line('billsim')} (${Math.round(100 * share('billsim'))}%)\n`,
    );
  }
  process.stdout.write(`load ${load1()} at the end\n`);
} finally {
  for (const server of Object.values(servers)) await server.stop();
  fs.rmSync(file, { force: true });
}
