// npm run bench:calls [-- --quick] [--calls a,b] [--json FILE]
// Every call costs what it touches (issue 33, target 1): each call's example
// request (src/examples.ts) run in-process against the bundled world and
// against a generated world of 10,000 services (200,000 invoices), with the
// CPU time per run of each and their ratio, pass within 2x. No HTTP: the
// operation's own run, after the same validation the endpoint does. A
// mutation runs inside a transaction that is rolled back after it, so every
// run starts from the same state and succeeds (the rollback is counted: it
// undoes what the call wrote). The first runs of each call are not counted:
// they build the indexes the call reads and copy the collections it writes.
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { EXAMPLES, EXAMPLE_NOW } from '../src/examples.js';
import { operations } from '../src/operations/index.js';
import { parseParams } from '../src/http/params.js';
import { requestValidator } from '../src/schemas.js';
import { authenticate } from '../src/http/auth.js';
import { ApiError } from '../src/errors.js';
import { loadFixtures } from '../src/store/fixtures.js';
import { defaultFixturesDir } from '../src/paths.js';
import { Seed, World } from '../src/store/world.js';
import { CREDENTIALS } from './measure.js';
import { label, world as generatedWorld } from './worlds.js';

const { values: opts } = parseArgs({
  options: { quick: { type: 'boolean' }, calls: { type: 'string' }, json: { type: 'string' } },
});
const quick = opts.quick === true;
/** 10,000 services at 20 invoices a service, the generator's ratio. */
const BIG = quick ? 20_000 : 200_000;
const LIMIT = 2;
/** CPU time one batch runs for, and batches per call (the median batch counts). */
const BATCH_US = quick ? 2_000 : 10_000;
const BATCHES = quick ? 3 : 5;

class Rollback extends Error {}

/**
 * Where the documented example does not succeed in the generated world, one
 * that does in both: the generator puts services on product 19, and a product
 * with services cannot be deleted.
 */
const EXAMPLE_OVERRIDES: Record<string, string> = { deleteProduct: 'id=16' };

interface Measured {
  us: number;
  error?: string;
}

type Runner = () => void;

/** One run of the call, as the endpoint would run it (validation done once, before). */
function runner(world: World, call: string): { run: Runner; prepare?: () => Promise<void> } {
  const operation = operations[call];
  const params = parseParams(EXAMPLE_OVERRIDES[call] ?? EXAMPLES[call]) as Record<string, unknown>;
  const check = requestValidator(call);
  if (!check(params)) throw new Error(`${call}: the example does not validate`);
  const caller = authenticate(world, CREDENTIALS.api_id, CREDENTIALS.api_key, '127.0.0.1', call);
  const now = EXAMPLE_NOW;
  const prepare = operation.prepare && (() => operation.prepare!(params as never, world));
  if (!operation.mutates) return { run: () => operation.run(params as never, { world, now, caller }), prepare };
  const run = () => {
    try {
      world.transaction(() => {
        operation.run(params as never, { world, now });
        throw new Rollback();
      });
    } catch (error) {
      if (!(error instanceof Rollback)) throw error;
    }
  };
  return { run, prepare };
}

function cpuUs(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/** Warms a call up in one world: its first runs build the indexes it reads; answers why it fails, if it does. */
async function warm(world: World, call: string): Promise<{ run: Runner; error?: string }> {
  const refused = operations[call].answer?.alwaysRefused === true;
  const { run, prepare } = runner(world, call);
  const safe = () => {
    try {
      run();
    } catch (error) {
      if (!(error instanceof ApiError) || !refused) throw error;
    }
  };
  try {
    if (prepare) await prepare();
    for (let i = 0; i < 3; i++) safe();
  } catch (error) {
    if (error instanceof ApiError) return { run: safe, error: error.message };
    throw error;
  }
  return { run: safe };
}

/** CPU µs of one run: the median of batches, each running for at least BATCH_US. */
function batch(run: Runner): number {
  const start = cpuUs();
  let runs = 0;
  while (cpuUs() - start < BATCH_US || runs < 3) {
    run();
    runs++;
  }
  return (cpuUs() - start) / runs;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Both worlds, their batches alternating, so a burst of outside load lands on both sides of the ratio. */
async function measure(call: string): Promise<[Measured, Measured]> {
  const a = await warm(small, call);
  const b = await warm(big, call);
  if (a.error || b.error)
    return [
      { us: Number.NaN, error: a.error },
      { us: Number.NaN, error: b.error },
    ];
  const [sa, sb]: number[][] = [[], []];
  for (let i = 0; i < BATCHES; i++) {
    sa.push(batch(a.run));
    sb.push(batch(b.run));
  }
  return [{ us: median(sa) }, { us: median(sb) }];
}

function fmt(us: number): string {
  if (Number.isNaN(us)) return '-';
  return us >= 1000 ? `${(us / 1000).toFixed(2)} ms` : `${us.toFixed(1)} µs`;
}

const calls = (opts.calls ? opts.calls.split(',') : Object.keys(EXAMPLES)).filter((c) => operations[c]);
process.stdout.write(`load average ${os.loadavg()[0].toFixed(2)} before loading the worlds\n`);
const small = new World(new Seed(loadFixtures(defaultFixturesDir)));
const big = new World(new Seed(loadFixtures(generatedWorld(BIG))));
process.stdout.write(`worlds loaded; load average ${os.loadavg()[0].toFixed(2)}\n`);

const rows: { call: string; mutates: boolean; small: Measured; big: Measured; ratio: number; pass: boolean }[] = [];
for (const call of calls) {
  const [s, b] = await measure(call);
  const ratio = b.us / s.us;
  rows.push({ call, mutates: operations[call].mutates, small: s, big: b, ratio, pass: !s.error && !b.error && ratio <= LIMIT });
}

const header = ['call', 'kind', 'bundled', `${label(BIG)} invoices`, 'ratio', `≤ ${LIMIT}x`];
const lines = rows.map((r) => [
  r.call,
  r.mutates ? 'write' : 'read',
  fmt(r.small.us),
  fmt(r.big.us),
  Number.isNaN(r.ratio) ? '-' : `x${r.ratio.toFixed(2)}`,
  r.small.error || r.big.error ? `error: ${r.small.error ?? r.big.error}` : r.pass ? 'pass' : 'short',
]);
const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
for (const line of [header, ...lines]) process.stdout.write(`${line.map((c, i) => c.padEnd(widths[i])).join('  ')}\n`);

const failed = rows.filter((r) => r.small.error || r.big.error);
const short = rows.filter((r) => !r.pass && !r.small.error && !r.big.error).sort((a, b) => b.ratio - a.ratio);
const worst = [...rows].filter((r) => !Number.isNaN(r.ratio)).sort((a, b) => b.ratio - a.ratio)[0];
const verdict = short.length === 0 && failed.length === 0 ? 'pass' : 'short';
const summary = `every call within ${LIMIT}x at ${label(BIG)} invoices: ${rows.length - short.length - failed.length} of ${rows.length} (worst ${worst.call} x${worst.ratio.toFixed(2)}${short.length ? `; short: ${short.map((r) => `${r.call} x${r.ratio.toFixed(2)}`).join(', ')}` : ''}) ${verdict}`;
process.stdout.write(`\nload average ${os.loadavg()[0].toFixed(2)} after the run\n${summary}\n`);
if (quick) process.stdout.write('(quick mode: a 20k-invoice world; reported, not judged)\n');
if (opts.json) fs.writeFileSync(opts.json, `${JSON.stringify({ rows, verdict, summary }, null, 2)}\n`);
if (failed.length > 0) process.exitCode = 1;
