// npm run bench:clock [-- --quick] [--years N] [--idle-only] [--json FILE]
// The billing clock at scale (issue 33, target 2). In one process:
// - an API mutation of the bundled world through app.inject (addInvoice,
//   addClientCredit): its CPU time per request, the yardstick;
// - generated worlds (20 invoices a service) with every service Active,
//   advanced day by day in-process (advanceDays: one catch-up, one daily run a
//   day), with the bundled settings and with suspension and termination off:
//   CPU time, actions, CPU per action against the yardstick;
// - a year with nothing due: every service, domain and Unpaid invoice due in
//   2030, orders as they are, in the bundled world and in the largest world.
// - another session's reads over HTTP while one session moves the clock the
//   same years, the built server in its own process (issue 43: their p99
//   stays under 100 ms);
// CPU time is the process's (user and system, every thread, GC included).
// --idle-only measures only the bundled world's year and the largest world's
// year with nothing due (issue 45's idle days), and --json writes that ratio,
// for `npm run bench`'s table (bench/child-targets.ts).
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/app.js';
import { createSimulator } from '../src/simulator.js';
import { loadFixtures } from '../src/store/fixtures.js';
import { defaultFixturesDir } from '../src/paths.js';
import type { Collections } from '../src/generated/wire.js';
import { CREDENTIALS } from './measure.js';
import { world } from './worlds.js';
import { startBillsim } from './servers.js';

const { values: opts } = parseArgs({
  options: { quick: { type: 'boolean' }, years: { type: 'string' }, 'idle-only': { type: 'boolean' }, json: { type: 'string' } },
});
const quick = opts.quick === true;
const START = new Date('2026-11-20T12:00:00Z');
const LATER = '2030-06-01';

function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

const load = () => os.loadavg()[0].toFixed(2);

/** CPU ms per request of one mutation of the bundled world through app.inject, in a session of its own. */
async function apiMutation(call: string, params: string, runs: number): Promise<number> {
  const app = await buildApp({ now: START });
  const url = `/admin/api.php?${new URLSearchParams({ call, ...CREDENTIALS }).toString()}&${params}`;
  const send = async () => {
    const res = await app.inject({ method: 'GET', url, headers: { 'x-billsim-session': 'bench' } });
    if (!(JSON.parse(res.body) as { success: boolean }).success) throw new Error(`${call} failed: ${res.body}`);
  };
  for (let i = 0; i < 200; i++) await send();
  const started = cpuMs();
  for (let i = 0; i < runs; i++) await send();
  const ms = (cpuMs() - started) / runs;
  await app.close();
  return ms;
}

/** Every service Active (the generator leaves some Pending, Suspended, ...). */
function allActive(data: Collections): Collections {
  return { ...data, accounts: data.accounts.map((a) => (a.status === 'Active' ? a : { ...a, status: 'Active' as const })) };
}

function lenient(data: Collections): Collections {
  return { ...data, client_automation: [{ id: '1', client_id: '0', suspend: '0', terminate: '0', auto_apply_credit: '1' }] };
}

/**
 * The world as given with only its due dates moved past the year (issue 45): services and domains due, and
 * Unpaid invoices falling due, on LATER; statuses, Pending orders and their unpaid invoices kept.
 */
function nothingDue(data: Collections): Collections {
  const at = { next_due: LATER, next_invoice: LATER };
  return {
    ...data,
    accounts: data.accounts.map((a) => ({ ...a, ...at })),
    domains: data.domains.map((d) =>
      d.status === 'Active' || d.status === 'Expired' ? { ...d, status: 'Active' as const, expires: LATER, ...at } : d,
    ),
    invoices: data.invoices.map((i) => (i.status === 'Unpaid' ? { ...i, duedate: LATER } : i)),
  };
}

interface Advanced {
  cpu: number;
  wall: number;
  actions: number;
  /** With firstUse: the CPU (ms) of the day run first, apart. */
  firstUse?: number;
}

/**
 * Moves a new session of `data` on `days` days. With `firstUse`, one day is run first and its CPU
 * time kept apart: a session's first use of a table reads it whole (its rows and indexes are made
 * then, as any first call of the table would make them), which is the world's cost, not the days'.
 */
async function advance(name: string, data: Collections, days: number, firstUse = false): Promise<Advanced> {
  const sim = await createSimulator({ data, now: START });
  const s = sim.session();
  let first: number | undefined;
  if (firstUse) {
    const before = cpuMs();
    await s.advanceDays(1);
    first = cpuMs() - before;
  }
  const [wall0, cpu0] = [performance.now(), cpuMs()];
  const summary = await s.advanceDays(days);
  const [cpu, wall] = [cpuMs() - cpu0, performance.now() - wall0];
  const actions = Object.values(summary.actions).reduce((n, c) => n + (c ?? 0), 0);
  const active = (await s.state('accounts')).filter((a) => a.status === 'Active').length;
  const perAction = actions > 0 ? `${(cpu / actions).toFixed(3)} ms CPU/action` : 'no action';
  console.log(
    [
      name.padEnd(44),
      ...(first !== undefined ? [`first day (first use) CPU ${(first / 1000).toFixed(2)} s, then`] : []),
      `${days} days`,
      `CPU ${(cpu / 1000).toFixed(2)} s`,
      `wall ${(wall / 1000).toFixed(2)} s`,
      `${actions} actions`,
      perAction,
      `${active} still Active`,
      `RSS ${Math.round(process.memoryUsage().rss / 2 ** 20)} MB`,
      `load ${load()}`,
    ].join(' | '),
  );
  await sim.close();
  return { cpu, wall, actions, ...(first !== undefined && { firstUse: first }) };
}

/**
 * Another session's reads while one session moves its clock `days` on: the
 * built server in a process of its own (so the reads' client shares no event
 * loop with it), the world of `fixtures`, reads over HTTP on 127.0.0.1 one
 * in flight at a time until the move answers (at most 200,000); the reads'
 * latency percentiles and the move's wall time.
 */
async function whileMoving(name: string, fixtures: string, days: number): Promise<number> {
  const server = await startBillsim({ fixtures, args: ['--now', '2026-11-20 12:00:00'] });
  const base = server.url.replace(/\/admin\/api\.php$/, '');
  const read = `${server.url}?${new URLSearchParams({ call: 'getCurrencies', ...CREDENTIALS }).toString()}`;
  // Both sessions exist and have answered before the move, and a day has run in a third one, so the
  // collections the automation reads are loaded (each is read from its file on first use, once a process):
  // the reads measure the move, not the server's start.
  for (const session of ['other', 'mover', 'other']) await (await fetch(read, { headers: { 'x-billsim-session': session } })).text();
  const warm = { method: 'POST', headers: { 'content-type': 'application/json', 'x-billsim-session': 'warm-up' } };
  await (await fetch(`${base}/__billsim/clock`, { ...warm, body: JSON.stringify({ advanceDays: 1 }) })).text();
  const started = performance.now();
  let moved = false;
  const move = fetch(`${base}/__billsim/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-billsim-session': 'mover' },
    body: JSON.stringify({ advanceDays: days }),
  }).then(async (response) => {
    moved = true;
    return response.json() as Promise<{ automation: { days: number } }>;
  });
  const times: number[] = [];
  while (!moved && times.length < 200_000) {
    const at = performance.now();
    await (await fetch(read, { headers: { 'x-billsim-session': 'other' } })).text();
    times.push(performance.now() - at);
  }
  const answer = await move;
  const wall = performance.now() - started;
  times.sort((a, b) => a - b);
  const at = (q: number) => (times.length ? times[Math.min(times.length - 1, Math.floor(q * times.length))] : NaN);
  console.log(
    [
      name.padEnd(44),
      `${answer.automation.days} days moved in ${(wall / 1000).toFixed(2)} s`,
      `another session: ${times.length} reads`,
      `p50 ${at(0.5).toFixed(1)} ms`,
      `p99 ${at(0.99).toFixed(1)} ms`,
      `max ${at(1).toFixed(1)} ms`,
      `load ${load()}`,
    ].join(' | '),
  );
  await server.stop();
  return at(0.99);
}

const verdicts: string[] = [];
const verdict = (target: string, measured: string, pass: boolean) =>
  verdicts.push(`${target}: ${measured} ${quick ? '(quick: reported, not judged)' : pass ? 'pass' : 'short'}`);

console.log(`load average ${load()}`);
const bundled = loadFixtures(defaultFixturesDir);
const sizes = quick ? [500] : [1000, 10_000];
const largest = sizes[sizes.length - 1];

/** A generated world as generated (statuses and Pending orders kept) with only its due dates moved past the year. */
const idleWorld = (services: number) => nothingDue(loadFixtures(world(services * 20)));

/** The largest world with nothing due for a year, against the bundled world's year (CPU): issue 45's idle days. */
async function idleDays(bundledYear: Advanced): Promise<number> {
  const quiet = await advance(`${largest.toLocaleString('en')} services, nothing due`, idleWorld(largest), 365, true);
  const ratio = quiet.cpu / bundledYear.cpu;
  if (opts.json) {
    const firstUse = { idle: quiet.firstUse, bundled: bundledYear.firstUse };
    const result = { services: largest, ratio, idleCpuMs: quiet.cpu, bundledCpuMs: bundledYear.cpu, firstUseCpuMs: firstUse };
    fs.writeFileSync(opts.json, `${JSON.stringify(result)}\n`);
  }
  return ratio;
}

if (opts['idle-only']) {
  const ratio = await idleDays(await advance('bundled world', bundled, 365, true));
  console.log(
    `a year with nothing due at ${largest.toLocaleString('en')} services / the bundled world's year, each after its first day: x${ratio.toFixed(2)} (target <= x2)`,
  );
  process.exit(0);
}

const runs = quick ? 300 : 2000;
const addInvoice = await apiMutation('addInvoice', 'client_id=1', runs);
const addClientCredit = await apiMutation('addClientCredit', 'client_id=6&amount=1.00&description=bench', runs);
const yardstick = Math.min(addInvoice, addClientCredit);
console.log(
  `API mutation of the bundled world through app.inject: addInvoice ${addInvoice.toFixed(3)} ms CPU, addClientCredit ${addClientCredit.toFixed(3)} ms CPU (load ${load()})`,
);

const bundledYear = await advance('bundled world', bundled, 365, true);
const quietBundled = await advance('bundled world, nothing due', nothingDue(bundled), 365);

const years = Number(opts.years ?? (quick ? 1 : 10));
let largestQuiet: Advanced | undefined;
let perAction = 0;
let otherP99 = NaN;
for (const services of sizes) {
  const folder = world(services * 20);
  const data = allActive(loadFixtures(folder));
  const label = `${services.toLocaleString('en')} services`;
  const year = await advance(`${label}, bundled settings`, data, 365);
  perAction = year.cpu / year.actions;
  if (years > 1) await advance(`${label}, bundled settings`, data, years * 365);
  await advance(`${label}, never suspended`, lenient(data), quick ? 30 : 365);
  largestQuiet = await advance(`${label}, nothing due`, idleWorld(services), 365, true);
  otherP99 = await whileMoving(`${label} (as generated), moving ${years} year${years === 1 ? '' : 's'}`, folder, years * 365);
}

const largestLabel = largest.toLocaleString('en');
verdict(
  `clock CPU per action (${largestLabel} services, a year) <= an API mutation (${yardstick.toFixed(3)} ms)`,
  `${perAction.toFixed(3)} ms`,
  perAction <= yardstick,
);
const ratio = largestQuiet!.cpu / bundledYear.cpu;
verdict(
  `a year with nothing due at ${largestLabel} services <= 2x the bundled world's year (${(bundledYear.cpu / 1000).toFixed(2)} s CPU, ${bundledYear.actions} actions), each after its first day`,
  `${(largestQuiet!.cpu / 1000).toFixed(2)} s CPU, x${ratio.toFixed(2)} (its first day, the tables' first use: ${(largestQuiet!.firstUse! / 1000).toFixed(2)} s; bundled world with nothing due: ${(quietBundled.cpu / 1000).toFixed(2)} s)`,
  ratio <= 2,
);
verdict(
  `another session's p99 while one moves ${years} year${years === 1 ? '' : 's'} at ${largestLabel} services < 100 ms`,
  `${otherP99.toFixed(1)} ms`,
  otherP99 < 100,
);
console.log(`\nload average ${load()}`);
for (const line of verdicts) console.log(line);
