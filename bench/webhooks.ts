// npx tsx bench/webhooks.ts [--rounds 3] [--duration 5] [--connections 10] [--rate N]   (npm run bench:webhooks)
// A mutating call with webhooks on, side by side with the same call with them
// off, in one server: session "hooks-off" has none, session "hooks-on" one
// webhook subscribed to every event, sent to a receiver in a process of its
// own that answers 200 at once. Rounds alternate, so the machine's other load
// falls on both alike; each round prints both rates, and the end the medians,
// their ratio (the target: on within 1.2x of off) and whether every delivery
// of the run arrived. With --rate, both sessions are sent N requests a second
// (below what the server answers with webhooks on), and the answers' mean
// times are compared instead (p99 printed beside them): what a client notices when the server has
// idle time for the deliveries. The server's CPU time per call is shown too: it counts
// the deliveries' work, and varies far less with the machine's other load; beside it the
// main thread's alone, as deliveries are sent from a thread of their own.
// Last, the floor: one delivery's own CPU cost measured alone in this process
// (its HMAC, and an undici POST to the same receiver), beside the call's.
import { spawn } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { HookClients } from '../src/session/hook-client.js';
import { signature } from '../src/session/webhooks.js';
import { cpuUs, startBillsim } from './servers.js';
import { expectSuccess, load, median, request, type Call } from './measure.js';

const { values: opts } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    rate: { type: 'string' },
  },
});
const rounds = Number(opts.rounds);
const duration = Number(opts.duration);
const connections = Number(opts.connections);
const rate = opts.rate ? Number(opts.rate) : undefined;

/** Raises after_clientedit on every request and adds no record, so every round meets the same world. */
const CALL: Call = { name: 'setClientDetails', params: { id: '1', city: 'Austin' }, mutates: true };

/** A receiver that answers 200 to everything, in its own process, so it takes no time from the load generator. */
function startReceiver(): Promise<{ url: string; stop(): void }> {
  const code = `require('node:http').createServer((q, r) => { q.resume(); q.on('end', () => r.end('ok')); })
    .listen(0, '127.0.0.1', function () { console.log('port ' + this.address().port); });`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const port = /port (\d+)/.exec(String(chunk))?.[1];
      if (port) resolve({ url: `http://127.0.0.1:${port}/hooks`, stop: () => child.kill('SIGTERM') });
    });
  });
}

const receiver = await startReceiver();
let origin = '';

/** CPU (us) of one delivery's work alone: the HMAC, and the HMAC with an undici POST over a kept connection. */
async function floor(url: string, body: string, n = 2000): Promise<{ hmac: number; post: number }> {
  const clients = new HookClients({ timeoutMs: 5000 });
  const send = () => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    return clients.post(
      url,
      {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'hb-hook': '1',
        'hb-event': 'after_clientedit',
        'hb-timestamp': timestamp,
        'hb-signature': signature('bench', timestamp, body),
      },
      body,
    );
  };
  for (let i = 0; i < 200; i++) await send();
  let start = process.cpuUsage();
  for (let i = 0; i < n; i++) await send();
  let used = process.cpuUsage(start);
  const post = (used.user + used.system) / n;
  start = process.cpuUsage();
  for (let i = 0; i < n * 10; i++) signature('bench', '1700000000', body);
  used = process.cpuUsage(start);
  clients.close();
  return { hmac: (used.user + used.system) / (n * 10), post };
}

/** Waits until the webhooks session has no delivery pending. */
async function settled(): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const answer = await fetch(`${origin}/__billsim/webhooks/deliveries?wait=60&limit=1`, {
      headers: { 'x-billsim-session': 'hooks-on' },
    }).then((r) => r.json() as Promise<{ settled: boolean }>);
    if (answer.settled) return;
  }
  throw new Error('deliveries still pending after 100 minutes');
}

const server = await startBillsim();
const { pathname } = new URL(server.url);
origin = new URL(server.url).origin;
try {
  const added = await fetch(`${origin}/__billsim/webhooks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-billsim-session': 'hooks-on' },
    body: JSON.stringify({ url: receiver.url, secret: 'bench' }),
  });
  if (added.status !== 201) throw new Error(`adding the webhook answered ${added.status}: ${await added.text()}`);
  const off = request(pathname, CALL, 'POST', 'hooks-off');
  const on = request(pathname, CALL, 'POST', 'hooks-on');
  await expectSuccess(origin, off);
  await expectSuccess(origin, on);
  // A warm-up of each, not counted: the first seconds of a new server run unoptimised code.
  for (const req of [off, on]) await load(origin, req, connections, 2);
  await settled();
  const rates = { off: [] as number[], on: [] as number[] };
  const cpu = { off: [] as number[], on: [] as number[] };
  const mainCpu = { off: [] as number[], on: [] as number[] };
  const mean = { off: [] as number[], on: [] as number[] };
  const p99 = { off: [] as number[], on: [] as number[] };
  let failures = 0;
  for (let round = 1; round <= rounds; round++) {
    for (const [name, req] of [
      ['off', off],
      ['on', on],
    ] as const) {
      const before = cpuUs(server.pid);
      const mainBefore = cpuUs(server.pid, server.pid);
      const result = await load(origin, req, connections, duration, rate);
      // The round's deliveries are sent before the next round starts, and their CPU time is the round's.
      await settled();
      rates[name].push(result.rps);
      mean[name].push(result.mean);
      p99[name].push(result.p99);
      cpu[name].push((cpuUs(server.pid) - before) / result.requests);
      mainCpu[name].push((cpuUs(server.pid, server.pid) - mainBefore) / result.requests);
      failures += result.failures;
    }
    const line = (name: 'off' | 'on') =>
      `${name} ${rates[name].at(-1)!.toFixed(0)} req/s, ${cpu[name].at(-1)!.toFixed(0)} us CPU/req` +
      (rate ? `, mean ${mean[name].at(-1)!.toFixed(2)} ms, p99 ${p99[name].at(-1)} ms` : '');
    process.stdout.write(`round ${round}: ${line('off')}; ${line('on')}\n`);
  }
  const failed = await fetch(`${origin}/__billsim/webhooks/deliveries?state=failed&limit=1`, {
    headers: { 'x-billsim-session': 'hooks-on' },
  }).then((r) => r.json() as Promise<{ deliveries: unknown[] }>);
  const [medOff, medOn] = [median(rates.off), median(rates.on)];
  const [cpuOff, cpuOn] = [median(cpu.off), median(cpu.on)];
  // At a fixed rate both answer every request, so the answer times are compared; else the rates.
  const slower = rate ? median(mean.on) / median(mean.off) : medOff / medOn;
  const costlier = cpuOn / cpuOff;
  process.stdout.write(
    `${CALL.name} POST, ${connections} connections${rate ? `, ${rate} req/s` : ''}, ${rounds} x ${duration} s each (medians):\n` +
      (rate
        ? `  answer times: webhooks off mean ${median(mean.off).toFixed(2)} ms, p99 ${median(p99.off)} ms; on mean ${median(mean.on).toFixed(2)} ms, p99 ${median(p99.on)} ms: on/off mean ${slower.toFixed(2)}x `
        : `  answers: webhooks off ${medOff.toFixed(0)} req/s, on ${medOn.toFixed(0)} req/s: off/on ${slower.toFixed(2)}x `) +
      `(target at most 1.20x: ${slower <= 1.2 ? 'met' : 'missed'})\n` +
      `  server CPU per call, its delivery included: off ${cpuOff.toFixed(0)} us, on ${cpuOn.toFixed(0)} us: ${costlier.toFixed(2)}x; ` +
      `the main thread's alone (the one that answers): off ${median(mainCpu.off).toFixed(0)} us, on ${median(mainCpu.on).toFixed(0)} us\n` +
      `  every delivery settled before the next round; failed: ${failed.deliveries.length > 0 ? 'some' : 'none'}; load failures: ${failures}\n`,
  );
  const [sample] = (
    await fetch(`${origin}/__billsim/webhooks/deliveries?limit=1`, { headers: { 'x-billsim-session': 'hooks-on' } }).then(
      (r) => r.json() as Promise<{ deliveries: { body: string }[] }>,
    )
  ).deliveries;
  const cost = await floor(receiver.url, sample.body);
  process.stdout.write(
    `  floor: one delivery alone (${sample.body.length}-byte body, each POST awaited in turn): HMAC ${cost.hmac.toFixed(1)} us, ` +
      `HMAC + undici POST ${cost.post.toFixed(0)} us CPU; in the server (sent back to back) ${(cpuOn - cpuOff).toFixed(0)} us each; ` +
      `on within 1.2x of off needs at most ${(0.2 * cpuOff).toFixed(0)} us (a fifth of the call's ${cpuOff.toFixed(0)} us)\n` +
      `  load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}\n`,
  );
} finally {
  await server.stop();
  receiver.stop();
}
