// The --data rows of the bench: at each world size, start-up without a data
// file, the first start that creates one, sequential mutation latency in the
// persisted session, the files' sizes, and the restart that reads them back.
// All worlds are served at once and probed in alternating rounds, so a burst of
// other load on the machine lands on every size alike.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rssMb, startBillsim, type Server } from './servers.js';
import { expectSuccess, median, percentile, request, send, type Call } from './measure.js';
import { label, world } from './worlds.js';

export interface DataFileOptions {
  quick: boolean;
  /** Another build's dist/cli.js (default: this one). */
  cli?: string;
  /** Mutations measured per world (default 1000, quick 50). */
  probes?: number;
  /** Generated world sizes next to the bundled world (default 100k and 1M, quick 2k). */
  sizes?: number[];
  /** Start-ups measured per world (default 3, quick 1). */
  samples?: number;
}

export interface DataFileRow {
  world: string;
  /** Spawn to first answer without --data, ms (median), and the server's CPU time until then (steadier on a busy machine). */
  startup: number;
  startupCpu: number;
  /** Spawn to first answer with a new data file (written from the seed), ms; NaN when it failed. */
  firstStart: number;
  mutation: { p50: number; p99: number };
  /** Bytes of every file the data file option keeps (the file and what sits next to it). */
  bytes: number;
  /** Spawn to first answer reading the data file back, ms (median), and its CPU time. */
  restart: number;
  restartCpu: number;
  /** RSS after the restart's first answer, MB. */
  rss: number;
  /** The last mutation's subject read back after the restart. */
  kept: boolean;
  error?: string;
}

const EDIT: Call = { name: 'editEstimateDetails', params: { id: '1', subject: 'bench' }, mutates: true };
const READ: Call = { name: 'getCurrencies', params: {}, mutates: false };

/** CPU time (user + system) a process has used, in ms (Linux /proc; NaN elsewhere). */
function cpuMs(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th, in clock ticks.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Spawn to the first successful answer, in ms, and the CPU the server used for it; the server is left running. */
async function firstAnswer(fixtures: string | undefined, cli: string | undefined, args: string[] = []) {
  const started = performance.now();
  const server = await startBillsim({ fixtures, cli, args });
  const { origin, pathname } = new URL(server.url);
  await expectSuccess(origin, request(pathname, READ, 'GET', 'default'));
  return { server, ms: performance.now() - started, cpu: cpuMs(server.pid) };
}

/**
 * Medians of the wall time and CPU time to the first answer. A world's first start checks it
 * whole and fills the cache (src/store/verdicts.ts): it is made first and not counted.
 */
async function startups(fixtures: string | undefined, cli: string | undefined, samples: number, args: string[] = []) {
  const times: number[] = [];
  const cpu: number[] = [];
  if (args.length === 0) await (await firstAnswer(fixtures, cli)).server.stop();
  for (let i = 0; i < samples; i++) {
    const first = await firstAnswer(fixtures, cli, args);
    times.push(first.ms);
    cpu.push(first.cpu);
    await first.server.stop();
  }
  return { ms: median(times), cpu: median(cpu) };
}

/** Every file the data file option keeps for `file`: the file itself and its siblings named after it. */
function dataBytes(file: string): number {
  const dir = path.dirname(file);
  const base = path.basename(file);
  return fs
    .readdirSync(dir)
    .filter((name) => name.startsWith(base))
    .reduce((sum, name) => sum + fs.statSync(path.join(dir, name)).size, 0);
}

/** Sends one edit with a subject of its own; returns its time and remembers the subject as the world's last. */
async function edit(w: { server?: Server; last: string }, i: number): Promise<number> {
  const { origin, pathname } = new URL(w.server!.url);
  w.last = `bench ${i}`;
  return expectSuccess(origin, request(pathname, { ...EDIT, params: { ...EDIT.params, subject: w.last } }, 'GET', 'default'));
}

export async function dataFileRows(options: DataFileOptions): Promise<DataFileRow[]> {
  const { quick, cli, probes = quick ? 50 : 1000, samples = quick ? 1 : 3 } = options;
  const sizes = [undefined, ...(options.sizes ?? (quick ? [2000] : [100_000, 1_000_000]))];
  const rounds = 10;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-bench-data-'));
  const worlds = [];
  try {
    for (const n of sizes) {
      const fixtures = n === undefined ? undefined : world(n);
      const file = path.join(tmp, `${n ?? 'bundled'}`, 'state.json');
      fs.mkdirSync(path.dirname(file));
      const boot = await startups(fixtures, cli, samples);
      const row = {
        n,
        fixtures,
        file,
        startup: boot.ms,
        startupCpu: boot.cpu,
        firstStart: Number.NaN,
        times: [] as number[],
        last: '',
        server: undefined as Server | undefined,
      };
      try {
        const first = await firstAnswer(fixtures, cli, ['--data', file]);
        row.firstStart = first.ms;
        row.server = first.server;
      } catch (error) {
        worlds.push({ ...row, error: (error as Error).message.split('\n')[0].slice(0, 200) });
        continue;
      }
      worlds.push({ ...row, error: undefined as string | undefined });
    }
    const live = worlds.filter((w) => w.server);
    let sent = 0;
    for (const w of live) for (let i = 0; i < Math.min(20, probes); i++) await edit(w, sent++); // warm-up
    for (let round = 0; round < rounds; round++) {
      for (const w of live) for (let i = 0; i < probes / rounds; i++) w.times.push(await edit(w, sent++));
    }
    const rows: DataFileRow[] = [];
    for (const w of worlds) {
      const name = w.n === undefined ? 'bundled' : `${label(w.n)} invoices`;
      const base = {
        world: name,
        startup: w.startup,
        startupCpu: w.startupCpu,
        firstStart: w.firstStart,
        mutation: { p50: Number.NaN, p99: Number.NaN },
      };
      if (!w.server) {
        rows.push({ ...base, bytes: 0, restart: Number.NaN, restartCpu: Number.NaN, rss: Number.NaN, kept: false, error: w.error });
        continue;
      }
      await w.server.stop();
      const bytes = dataBytes(w.file);
      const restart = await startups(w.fixtures, cli, samples, ['--data', w.file]);
      const again = await firstAnswer(w.fixtures, cli, ['--data', w.file]);
      const rss = rssMb(again.server.pid);
      const { origin, pathname } = new URL(again.server.url);
      const read = await send(
        origin,
        request(pathname, { name: 'getEstimateDetails', params: { id: '1' }, mutates: false }, 'GET', 'default'),
      );
      const subject = (read.body.estimate as { subject?: string } | undefined)?.subject;
      await again.server.stop();
      rows.push({
        ...base,
        mutation: { p50: median(w.times), p99: percentile(w.times, 99) },
        bytes,
        restart: restart.ms,
        restartCpu: restart.cpu,
        rss,
        kept: subject === w.last,
      });
    }
    return rows;
  } finally {
    for (const w of worlds) await w.server?.stop().catch(() => undefined);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

const ms = (v: number) => (Number.isNaN(v) ? 'failed' : v.toFixed(v < 10 ? 2 : 0));
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function dataFileTable(rows: DataFileRow[]): string {
  const cells = [
    [
      'world',
      'start-up ms (cpu)',
      'first start --data ms',
      'mutation p50 ms',
      'p99',
      'files',
      'restart ms (cpu)',
      'RSS after restart',
      'kept',
    ],
    ...rows.map((r) => [
      r.world,
      `${ms(r.startup)} (${ms(r.startupCpu)})`,
      ms(r.firstStart),
      ms(r.mutation.p50),
      ms(r.mutation.p99),
      r.error ? '-' : mb(r.bytes),
      `${ms(r.restart)} (${ms(r.restartCpu)})`,
      Number.isNaN(r.rss) ? '-' : `${r.rss.toFixed(0)} MB`,
      r.error ? `no: ${r.error}` : r.kept ? 'yes' : 'NO',
    ]),
  ];
  const widths = cells[0].map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const lines = cells.map((r) => r.map((c, i) => (i === 0 || i === 8 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  '));
  return `with --data (mutation: editEstimateDetails in the persisted session, sequential; kept: its last write read back after the restart)\n${lines.join('\n')}\n`;
}

export function dataFileTargets(rows: DataFileRow[]): { name: string; value: string; limit: string; pass: boolean }[] {
  const [bundled, ...scaled] = rows;
  const targets = [];
  for (const r of scaled) {
    const ratio = r.mutation.p50 / bundled.mutation.p50;
    targets.push({
      name: `mutation p50 with --data ${r.world}/bundled`,
      value: `x${ratio.toFixed(2)}`,
      limit: '<= x1.50',
      pass: ratio <= 1.5,
    });
  }
  for (const r of rows) {
    targets.push({
      name: `--data persists and restarts (${r.world})`,
      value: r.error ? 'failed' : r.kept ? 'kept' : 'lost',
      limit: 'kept',
      pass: !r.error && r.kept,
    });
  }
  // Issue 33: 100k within 2.5x the bundled world's start, 1M within 5 s, 1M after a --data restart within 1.5 GB.
  for (const r of scaled) {
    if (r.world === '100k invoices') {
      const ratio = r.startup / bundled.startup;
      targets.push({ name: `start-up ${r.world}/bundled`, value: `x${ratio.toFixed(2)}`, limit: '<= x2.50', pass: ratio <= 2.5 });
    }
    if (r.world === '1M invoices') {
      targets.push({ name: `start-up (${r.world})`, value: `${ms(r.startup)} ms`, limit: '<= 5000 ms', pass: r.startup <= 5000 });
      targets.push({
        name: `RSS after a --data restart (${r.world})`,
        value: `${r.rss.toFixed(0)} MB`,
        limit: '<= 1500 MB',
        pass: r.rss <= 1500,
      });
    }
  }
  return targets;
}

// `npx tsx bench/datafile.ts [--quick] [--cli PATH] [--probes N] [--samples N] [--sizes 100000,1000000]` runs these rows alone.
if (process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname) {
  const quick = process.argv.includes('--quick');
  process.env.BILLSIM_CACHE_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-bench-cache-'));
  const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
  const [probes, samples, sizes] = [arg('--probes'), arg('--samples'), arg('--sizes')];
  const rows = await dataFileRows({
    quick,
    cli: arg('--cli'),
    probes: probes ? Number(probes) : undefined,
    samples: samples ? Number(samples) : undefined,
    sizes: sizes?.split(',').map(Number),
  });
  process.stdout.write(dataFileTable(rows));
  for (const t of dataFileTargets(rows)) process.stdout.write(`${t.name}: ${t.value} (${t.limit}) ${t.pass ? 'pass' : 'short'}\n`);
  process.stdout.write(`${JSON.stringify(rows)}\n`);
}
