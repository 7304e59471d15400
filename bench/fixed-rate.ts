// npx tsx bench/fixed-rate.ts [--rate 4000] [--duration 8] [--connections 10] [--method GET|POST]
// CPU per request, user and system apart, of billsim and of the node:http
// reference sending billsim's recorded answer, both driven at the same fixed
// request rate, which each serves in full. `npm run bench` drives each server
// as fast as it goes, so a slower server also handles fewer requests per
// wake-up of its event loop and pays more system calls per request; at one
// rate both work in the same regime, and what is left is each request's own cost.
import os from 'node:os';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { CALLS } from './calls.js';
import { load, recordAnswers, request } from './measure.js';
import { cpuTimesUs, startBillsim, startReference, type Server } from './servers.js';

const { values: opts } = parseArgs({
  options: {
    rate: { type: 'string', default: '4000' },
    duration: { type: 'string', default: '8' },
    connections: { type: 'string', default: '10' },
    method: { type: 'string', default: 'GET' },
  },
});
const [rate, duration, connections] = [Number(opts.rate), Number(opts.duration), Number(opts.connections)];
const method = opts.method === 'POST' ? 'POST' : 'GET';

const billsim = await startBillsim();
const reads = CALLS.filter((c) => !c.mutates);
const { file } = await recordAnswers(billsim.url, reads);
const node = await startReference('node', file);
const loads = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(', ');
process.stdout.write(`fixed rate ${rate} req/s, ${connections} connections, ${duration} s per run, ${method}; load ${loads()}\n`);
process.stdout.write('call               server     req/s  user µs/req  system µs/req  total  failed\n');
try {
  for (const call of reads) {
    for (const [name, server] of [
      ['billsim', billsim],
      ['node:http', node],
    ] as [string, Server][]) {
      const url = new URL(server.url);
      const before = cpuTimesUs(server.pid);
      const result = await load(url.origin, request(url.pathname, call, method, 'default'), connections, duration, rate);
      const after = cpuTimesUs(server.pid);
      const user = (after.user - before.user) / result.requests;
      const system = (after.system - before.system) / result.requests;
      process.stdout.write(
        `${call.name.padEnd(18)} ${name.padEnd(9)} ${result.rps.toFixed(0).padStart(6)} ${user.toFixed(1).padStart(12)} ` +
          `${system.toFixed(1).padStart(14)} ${(user + system).toFixed(1).padStart(6)} ${String(result.failures).padStart(7)}\n`,
      );
    }
  }
  process.stdout.write(`load ${loads()}\n`);
} finally {
  await node.stop();
  await billsim.stop();
  fs.rmSync(file, { force: true });
}
