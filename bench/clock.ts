// npm run bench:clock [-- --quick]
// The billing clock at scale: a generated world whose services are all Active,
// advanced day by day (one daily run per day, in-process, no HTTP), with the
// bundled automation settings and with suspension and termination turned off
// for every client, so unpaid renewal invoices pile up. Prints one row per run.
import { parseArgs } from 'node:util';
import { createSimulator } from '../src/simulator.js';
import { loadFixtures } from '../src/store/fixtures.js';
import type { Collections } from '../src/generated/wire.js';
import { world } from './worlds.js';

const { values: opts } = parseArgs({ options: { quick: { type: 'boolean' } } });
const quick = opts.quick === true;
const START = new Date('2026-11-20T12:00:00Z');

/** A world of `services` services (20 invoices a service, as the generator makes them), every one Active. */
function activeWorld(services: number): Collections {
  const data = loadFixtures(world(services * 20));
  return { ...data, accounts: data.accounts.map((a) => (a.status === 'Active' ? a : { ...a, status: 'Active' as const })) };
}

function lenient(data: Collections): Collections {
  return { ...data, client_automation: [{ id: '1', client_id: '0', suspend: '0', terminate: '0', auto_apply_credit: '1' }] };
}

async function run(name: string, data: Collections, days: number) {
  const sim = await createSimulator({ data, now: START });
  const s = sim.session();
  const started = performance.now();
  const summary = await s.advanceDays(days);
  const seconds = (performance.now() - started) / 1000;
  const rss = Math.round(process.memoryUsage().rss / 2 ** 20);
  const invoices = (await s.state('invoices')).length;
  const active = (await s.state('accounts')).filter((a) => a.status === 'Active').length;
  const actions = Object.values(summary.actions).reduce((n, c) => n + (c ?? 0), 0);
  console.log(
    [
      name,
      `${days} days`,
      `${seconds.toFixed(2)} s`,
      `${Math.round(days / seconds)} days/s`,
      `${actions} actions`,
      `${invoices} invoices`,
      `${active} still Active`,
      `RSS ${rss} MB`,
    ].join(' | '),
  );
  await sim.close();
}

const sizes = quick ? [500] : [1000, 10_000];
for (const services of sizes) {
  const data = activeWorld(services);
  const active = data.accounts.filter((a) => a.status === 'Active').length;
  for (const years of quick ? [1] : [1, 10]) await run(`${active} services, bundled settings`, data, years * 365);
  await run(`${active} services, never suspended`, lenient(data), quick ? 30 : 365);
}
