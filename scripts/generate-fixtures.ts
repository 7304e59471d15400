// npm run fixtures:generate -- --invoices N --out DIR [--seed S] [--force]
// Writes a world of N invoices in the layout of fixtures/default. The big
// collections are streamed to disk record by record (one per line), so a
// million invoices never sit in memory or in one string.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { COLLECTION_NAMES, loadFixtures } from '../src/store/fixtures.js';
import { defaultFixturesDir } from '../src/paths.js';
import { SCALED, WorldGenerator, type Scaled } from './generate/world.js';

const USAGE = 'usage: npm run fixtures:generate -- --invoices N --out DIR [--seed S] [--force]';

/** A JSON array written in ~1 MiB chunks: "[\n", records joined by ",\n", "\n]\n". */
class ArrayWriter {
  private readonly fd: number;
  private chunk: string[] = [];
  private size = 0;
  count = 0;

  constructor(file: string) {
    this.fd = fs.openSync(file, 'w');
  }

  add(record: object): void {
    const text = `${this.count++ === 0 ? '[\n' : ',\n'}${JSON.stringify(record)}`;
    this.chunk.push(text);
    this.size += text.length;
    if (this.size > 1 << 20) this.flush();
  }

  close(): void {
    this.chunk.push(this.count === 0 ? '[]\n' : '\n]\n');
    this.flush();
    fs.closeSync(this.fd);
  }

  private flush(): void {
    fs.writeSync(this.fd, this.chunk.join(''));
    this.chunk = [];
    this.size = 0;
  }
}

function fail(message: string): never {
  process.stderr.write(`fixtures:generate: ${message}\n${USAGE}\n`);
  process.exit(2);
}

function wholeNumber(name: string, text: string | undefined, min: number): number {
  if (text === undefined || !/^\d+$/.test(text) || Number(text) < min) fail(`--${name} must be a whole number of at least ${min}`);
  return Number(text);
}

/** A progress bar on a terminal; nothing when stdout is a file or a pipe (CI, the bench). */
function progress(total: number): (done: number) => void {
  if (!process.stdout.isTTY) return () => {};
  let shown = -1;
  return (done) => {
    const percent = Math.floor((done / total) * 100);
    if (percent === shown) return;
    shown = percent;
    const bar = '#'.repeat(Math.floor(percent / 4)).padEnd(25, '.');
    process.stdout.write(`\r[${bar}] ${percent}% invoices ${done}/${total}${done === total ? '\n' : ''}`);
  };
}

const { values } = parseArgs({
  options: { invoices: { type: 'string' }, out: { type: 'string' }, seed: { type: 'string' }, force: { type: 'boolean' } },
});
const base = loadFixtures(defaultFixturesDir);
const invoices = wholeNumber('invoices', values.invoices, base.invoices.length);
const seed = values.seed === undefined ? 1 : wholeNumber('seed', values.seed, 0);
const out = values.out ?? fail('--out is required');
const clash = COLLECTION_NAMES.find((name) => fs.existsSync(path.join(out, `${name}.json`)));
if (clash && !values.force) fail(`${out} already holds ${clash}.json; use an empty folder or --force`);
fs.mkdirSync(out, { recursive: true });

const started = performance.now();
// The small catalogue collections are the bundled ones, byte for byte.
for (const name of COLLECTION_NAMES) {
  if (!(SCALED as string[]).includes(name)) fs.copyFileSync(path.join(defaultFixturesDir, `${name}.json`), path.join(out, `${name}.json`));
}
const writers = new Map(SCALED.map((name) => [name, new ArrayWriter(path.join(out, `${name}.json`))]));
const generator = new WorldGenerator(base, invoices, seed, (name: Scaled, record) => writers.get(name)!.add(record));
generator.run(progress(invoices));
for (const writer of writers.values()) writer.close();
const sizes = SCALED.map((name) => `${name} ${writers.get(name)!.count}`).join(', ');
process.stdout.write(`wrote ${out} in ${((performance.now() - started) / 1000).toFixed(1)} s: ${sizes}\n`);
