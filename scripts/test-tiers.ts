// Which tier a test file belongs to and how the fast tier's files share
// processes: the one home of those rules (scripts/test.ts runs the tiers,
// docs/testing.md says why each file is where it is).
import fs from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../src/paths.js';

export type Tier = 'fast' | 'slow' | 'fuzz';

/**
 * The slow tier: tests of real processes (the built CLI, a packed tarball, a
 * CommonJS consumer, the package entry), of Chromium and of SIGKILL rounds.
 * They run what `npm run build` put in dist/, and each takes seconds of its own.
 * The webhook burst sends a thousand calls and a thousand deliveries.
 */
const SLOW = [
  'test/readme/',
  'test/browser/',
  'test/cli/',
  'test/package/',
  'test/package.test.ts',
  'test/reliability/crash.test.ts',
  'test/webhooks/burst.test.ts',
];

/** The fuzz files: short runs in the fast tier, long ones (FUZZ_RUNS) in the fuzz tier. */
const FUZZ = ['test/fuzz/'];

const under = (file: string, prefixes: string[]) => prefixes.some((prefix) => file === prefix || file.startsWith(prefix));

/** The tiers a file runs in; a fuzz file runs in the fast tier too, with its short default. */
export function tiersOf(file: string): Tier[] {
  if (under(file, SLOW)) return ['slow'];
  if (under(file, FUZZ)) return ['fast', 'fuzz'];
  return ['fast'];
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(packageRoot, dir), { withFileTypes: true })) {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...walk(file));
    else if (entry.name.endsWith('.test.ts')) out.push(file);
  }
  return out;
}

/** Every test file of a tier, as paths from the package root, sorted. */
export function testFiles(tier: Tier): string[] {
  return walk('test')
    .filter((file) => tiersOf(file).includes(tier))
    .sort();
}

/**
 * Splits files into `count` shards of about equal size (bytes stand in for
 * run time, roughly: a fuzz file runs long for its size).
 */
export function shards(files: ReadonlyArray<{ file: string; size: number }>, count: number): string[][] {
  const sized = [...files].sort((a, b) => b.size - a.size || a.file.localeCompare(b.file));
  const out = Array.from({ length: Math.min(count, files.length) }, () => ({ files: [] as string[], size: 0 }));
  for (const { file, size } of sized) {
    const lightest = out.reduce((min, shard) => (shard.size < min.size ? shard : min));
    lightest.files.push(file);
    lightest.size += size;
  }
  return out.map((shard) => shard.files.sort());
}

// A file that shares its process must leave the root test alone but for declaring
// subtests (t.test, t.todo, t.skip):
// a root teardown, plan, timeout or top-level await would act on the files after it.
const SHARED_ROOT = /^(?:t\.(?!(?:test|todo|skip)\()\w+\(|(?:const|let|var)\s.*\bawait\b|await\b).*$/m;

/** The top-level line of a test file's source that acts on the shared root, if any. */
export function sharingProblem(source: string): string | undefined {
  return SHARED_ROOT.exec(source)?.[0].trim();
}

/** Test files with their sizes and sources, as the fast tier reads them. */
export function readTests(files: string[]): Array<{ file: string; size: number; source: string }> {
  return files.map((file) => {
    const source = fs.readFileSync(path.join(packageRoot, file), 'utf8');
    return { file, size: Buffer.byteLength(source), source };
  });
}
