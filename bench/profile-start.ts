// Where a start-up's CPU goes: starts billsim with node --cpu-prof over a
// world, waits for the first answer, stops it and prints the hottest
// functions. `npx tsx bench/profile-start.ts [--size 100000] [--cli PATH]`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBillsim } from './servers.js';
import { expectSuccess, request } from './measure.js';
import { summarize } from './profile.js';
import { world } from './worlds.js';

const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const size = arg('--size');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-start-prof-'));
const server = await startBillsim({
  fixtures: size ? world(Number(size)) : undefined,
  cli: arg('--cli'),
  nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`],
});
const { origin, pathname } = new URL(server.url);
await expectSuccess(origin, request(pathname, { name: 'getCurrencies', params: {}, mutates: false }, 'GET', 'default'));
await server.stop();
const file = fs.readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
process.stdout.write(summarize(JSON.parse(fs.readFileSync(path.join(dir, file!), 'utf8')), 30));
fs.rmSync(dir, { recursive: true, force: true });
