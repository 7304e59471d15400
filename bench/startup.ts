// Start-up of two builds, alternating, from spawning `node dist/cli.js` to
// the first successful getCurrencies, with the server's CPU time until then:
// `npx tsx bench/startup.ts [--builds A/dist/cli.js,B/dist/cli.js] [--sizes 100000] [--samples 5]`
// (default: this checkout's dist/ alone; `--sizes ''` for the bundled world only).
// Printed first: the floor, a bare Fastify app of one JSON route started the
// same way, so what is billsim's own stands apart from Node's and Fastify's.
import os from 'node:os';
import { cpuUs, start, startBillsim } from './servers.js';
import { expectSuccess, median, request } from './measure.js';
import { label, world } from './worlds.js';

const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const samples = Number(arg('--samples') ?? 5);
const sizes = (arg('--sizes') ?? '100000').split(',').filter(Boolean).map(Number);
const builds = (arg('--builds')?.split(',') ?? [undefined]).map((cli) => ({ name: cli ?? 'dist/cli.js', cli }));

async function firstAnswer(fixtures: string | undefined, cli: string | undefined) {
  const started = performance.now();
  const server = await startBillsim({ fixtures, cli });
  const { origin, pathname } = new URL(server.url);
  await expectSuccess(origin, request(pathname, { name: 'getCurrencies', params: {}, mutates: false }, 'GET', 'default'));
  const result = { ms: performance.now() - started, cpu: cpuUs(server.pid) / 1000 };
  await server.stop();
  return result;
}

const FLOOR = `import Fastify from 'fastify';
const app = Fastify();
app.get('/', async () => ({ success: true }));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write('listening on ' + address + '/\\n');`;

async function floorAnswer() {
  const started = performance.now();
  const server = await start(['--input-type=module', '-e', FLOOR], 'bare Fastify');
  const answer = await fetch(server.url);
  if (!answer.ok) throw new Error(`bare Fastify answered ${answer.status}`);
  await answer.arrayBuffer();
  const result = { ms: performance.now() - started, cpu: cpuUs(server.pid) / 1000 };
  await server.stop();
  return result;
}

const spread = (values: number[]) => `${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)}`;
const floor = { ms: [] as number[], cpu: [] as number[] };
for (let i = 0; i < samples; i++) {
  const { ms, cpu } = await floorAnswer();
  floor.ms.push(ms);
  floor.cpu.push(cpu);
}
process.stdout.write(
  `floor (bare Fastify, one route): median ${median(floor.ms).toFixed(0)} ms (${spread(floor.ms)}; cpu ${median(floor.cpu).toFixed(0)} ms); load ${os.loadavg()[0].toFixed(1)}\n`,
);

for (const n of [undefined, ...sizes]) {
  const fixtures = n === undefined ? undefined : world(n);
  const times = builds.map(() => ({ ms: [] as number[], cpu: [] as number[] }));
  for (let i = 0; i < samples; i++) {
    for (const [b, build] of builds.entries()) {
      const { ms, cpu } = await firstAnswer(fixtures, build.cli);
      times[b].ms.push(ms);
      times[b].cpu.push(cpu);
    }
  }
  for (const [b, build] of builds.entries()) {
    const { ms, cpu } = times[b];
    process.stdout.write(
      `${n === undefined ? 'bundled' : label(n)} ${build.name}: median ${median(ms).toFixed(0)} ms (${spread(ms)}; cpu ${median(cpu).toFixed(0)} ms); ` +
        `starts ${ms.map((v) => v.toFixed(0)).join(', ')} (cpu ${cpu.join(', ')}); load ${os.loadavg()[0].toFixed(1)}\n`,
    );
  }
}
