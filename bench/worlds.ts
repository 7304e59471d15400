// Generated worlds are cached under the temp dir, keyed by size, seed and a
// digest of the generator and the bundled fixtures, so an edit to either
// makes a fresh world instead of measuring a stale one.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './servers.js';

const SEED = 1;
const SOURCES = ['scripts/generate-fixtures.ts', 'scripts/generate/world.ts', 'scripts/generate/random.ts'];

function digest(): string {
  const hash = crypto.createHash('sha256');
  const fixtures = path.join(ROOT, 'fixtures', 'default');
  const files = [
    ...SOURCES.map((f) => path.join(ROOT, f)),
    ...fs
      .readdirSync(fixtures)
      .sort()
      .map((f) => path.join(fixtures, f)),
  ];
  for (const file of files) hash.update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 10);
}

export function label(n: number): string {
  return n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1000 ? `${n / 1000}k` : String(n);
}

/** The folder of a world of n invoices, generated on first use (progress on stderr). */
export function world(n: number): string {
  const dir = path.join(os.tmpdir(), 'billsim-bench-worlds', `invoices-${n}-seed-${SEED}-${digest()}`);
  if (fs.existsSync(dir)) return dir;
  const partial = `${dir}.partial-${process.pid}`;
  process.stderr.write(`generating the ${label(n)} world into ${dir} (once; cached afterwards)\n`);
  const run = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(ROOT, 'scripts', 'generate-fixtures.ts'),
      '--invoices',
      String(n),
      '--seed',
      String(SEED),
      '--out',
      partial,
    ],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (run.status !== 0) throw new Error(`generating the ${label(n)} world failed (exit ${run.status})`);
  fs.renameSync(partial, dir);
  return dir;
}
