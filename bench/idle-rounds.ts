// npx tsx bench/idle-rounds.ts [--call getCurrencies] [--method GET] [--rounds 3] [--cli PATH] [--node-args=--no-memory-reducer]
// The throughput bench's own rounds, for one call: the three reference
// servers, then billsim, each round measured as `npm run bench` measures it
// (a warm-up session first, then the measured one), so billsim waits several
// seconds between its rounds while the others run. In that pattern V8's
// memory reducer runs in billsim; before src/http/shapes.ts, billsim's
// requests cost about 18 µs more from then on (bench/README.md, "A server
// that rests"). Prints CPU per request for each server, billsim's main
// thread apart, and billsim's minor page faults per request.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { CALLS } from './calls.js';
import { expectSuccess, load, recordAnswers, request, type Call } from './measure.js';
import { cpuTimesUs, cpuUs, startBillsim, startReference, type Server } from './servers.js';

const { values: opts } = parseArgs({
  options: {
    call: { type: 'string', default: 'getCurrencies' },
    method: { type: 'string', default: 'GET' },
    rounds: { type: 'string', default: '3' },
    cli: { type: 'string' },
    'node-args': { type: 'string', default: '' },
  },
});
const call = CALLS.find((c) => c.name === opts.call) as Call | undefined;
if (!call) throw new Error(`--call must be one of ${CALLS.map((c) => c.name).join(', ')}`);
const method = opts.method === 'POST' ? 'POST' : 'GET';
const SECONDS = 2;

/** Minor page faults of a process so far (/proc/PID/stat, field 10). */
const minorFaults = (pid: number) => Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[7]);
const mainThreadUs = (pid: number) => {
  const { user, system } = cpuTimesUs(pid, pid);
  return user + system;
};

const billsim = await startBillsim({ cli: opts.cli, nodeArgs: opts['node-args'].split(' ').filter(Boolean) });
const { file } = await recordAnswers(billsim.url, CALLS);
const refs = {
  node: await startReference('node', file),
  fastify: await startReference('fastify', file),
  small: await startReference('small'),
};

/** One run as bench/run.ts measures it: CPU, main thread and faults per request. */
async function measure(server: Server, warmUp: boolean) {
  const url = new URL(server.url);
  const session = `bench-${call!.name}-${method}`;
  await expectSuccess(url.origin, request(url.pathname, call!, method, `${session}-warmup`));
  if (warmUp) await load(url.origin, request(url.pathname, call!, method, `${session}-warmup`), 10, 2);
  const req = request(url.pathname, call!, method, session);
  const [cpu, main, faults] = [cpuUs(server.pid), mainThreadUs(server.pid), minorFaults(server.pid)];
  const result = await load(url.origin, req, 10, SECONDS);
  const per = (value: number) => value / result.requests;
  return {
    rps: result.rps,
    cpu: per(cpuUs(server.pid) - cpu),
    main: per(mainThreadUs(server.pid) - main),
    faults: per(minorFaults(server.pid) - faults),
  };
}

process.stdout.write(
  `${call.name} ${method}, ${opts.rounds} rounds of ${SECONDS} s, billsim node flags: ${opts['node-args'] || '(none)'}\n`,
);
try {
  for (let round = 0; round < Number(opts.rounds); round++) {
    const line: string[] = [];
    for (const name of ['node', 'fastify', 'small'] as const) {
      const m = await measure(refs[name], round === 0);
      line.push(`${name} ${m.cpu.toFixed(1)} µs`);
    }
    const m = await measure(billsim, round === 0);
    line.push(
      `billsim ${m.rps.toFixed(0)}/s ${m.cpu.toFixed(1)} µs (main thread ${m.main.toFixed(1)}), ${m.faults.toFixed(3)} minor faults/req`,
    );
    process.stdout.write(`round ${round + 1}: ${line.join(', ')}\n`);
  }
} finally {
  for (const server of [billsim, ...Object.values(refs)]) await server.stop();
  fs.rmSync(file, { force: true });
}
