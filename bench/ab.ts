// npx tsx bench/ab.ts --cli OTHER/dist/cli.js [--call getCurrencies] [--method GET] [--rounds 5] [--duration 4]
// Compares two builds on one call, in alternating rounds with the node:http
// reference (bench/ceiling.ts --node, sending this build's recorded answers)
// measured before each: the quick way to see whether a change helps,
// before a full `npm run bench`. Prints each round and the medians.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { cpuUs, startBillsim, startReference, type Server } from './servers.js';
import { expectSuccess, load, median, recordAnswers, request, type Call } from './measure.js';
import { CALLS } from './calls.js';

const { values: opts } = parseArgs({
  options: {
    cli: { type: 'string' },
    call: { type: 'string', default: 'getCurrencies' },
    method: { type: 'string', default: 'GET' },
    rounds: { type: 'string', default: '5' },
    duration: { type: 'string', default: '4' },
    connections: { type: 'string', default: '10' },
  },
});
if (!opts.cli) throw new Error('--cli PATH is required: the other build to compare with');
const call = CALLS.find((c) => c.name === opts.call) as Call | undefined;
if (!call) throw new Error(`--call must be one of ${CALLS.map((c) => c.name).join(', ')}`);
const method = opts.method === 'POST' ? 'POST' : 'GET';
const seconds = Number(opts.duration);
const connections = Number(opts.connections);

interface Rate {
  rps: number;
  cpuUsPerRequest: number;
}

// Requests per second depend on the machine's other load; the server's CPU
// time per request much less, so both are shown.
async function rate(server: Server, session: string): Promise<Rate> {
  const url = new URL(server.url);
  const req = request(url.pathname, call!, method, session);
  await expectSuccess(url.origin, req);
  const before = cpuUs(server.pid);
  const result = await load(url.origin, req, connections, seconds);
  return { rps: result.rps, cpuUsPerRequest: (cpuUs(server.pid) - before) / result.requests };
}

const current = await startBillsim();
const recorded = await recordAnswers(current.url, CALLS);
const servers = { node: await startReference('node', recorded.file), other: await startBillsim({ cli: opts.cli }), this: current };
fs.rmSync(recorded.file);
const results: Record<'node' | 'other' | 'this', number[]> = { node: [], other: [], this: [] };
const cpu: Record<'node' | 'other' | 'this', number[]> = { node: [], other: [], this: [] };
await rate(servers.other, 'warm');
await rate(servers.this, 'warm');
for (let round = 1; round <= Number(opts.rounds); round++) {
  // Mutations start each round from the seed: a new session per round.
  const line: string[] = [];
  for (const name of ['node', 'other', 'this'] as const) {
    const value = name === 'node' ? await rate(servers.node, 'x') : await rate(servers[name], `ab-${round}`);
    results[name].push(value.rps);
    cpu[name].push(value.cpuUsPerRequest);
    line.push(`${name} ${value.rps.toFixed(0)}/s ${value.cpuUsPerRequest.toFixed(1)} µs`);
  }
  process.stdout.write(`round ${round}: ${line.join(', ')}\n`);
}
const m = { node: median(results.node), other: median(results.other), this: median(results.this) };
process.stdout.write(
  `${call.name} ${method} medians: node:http ${m.node.toFixed(0)}, other ${m.other.toFixed(0)} (${((100 * m.other) / m.node).toFixed(0)}%), this ${m.this.toFixed(0)} (${((100 * m.this) / m.node).toFixed(0)}%), this/other ${(m.this / m.other).toFixed(2)}\n`,
);
const c = { node: median(cpu.node), other: median(cpu.other), this: median(cpu.this) };
process.stdout.write(
  `server CPU per request, medians: node:http ${c.node.toFixed(1)} µs, other ${c.other.toFixed(1)} µs, this ${c.this.toFixed(1)} µs\n`,
);
for (const server of Object.values(servers)) await server.stop();
