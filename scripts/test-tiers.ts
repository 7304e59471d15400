// Which tier a test file belongs to: the one home of that rule (scripts/test.ts
// runs the tiers, docs/testing.md says why each file is where it is).
import fs from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../src/paths.js';

export type Tier = 'fast' | 'slow' | 'fuzz';

/**
 * The slow tier: tests of real processes (the built CLI, a packed tarball, a
 * CommonJS consumer, the package entry), of Chromium, and of SIGKILL rounds.
 * They run what `npm run build` put in dist/, and each takes seconds of its own.
 */
const SLOW = ['test/browser/', 'test/cli/', 'test/package/', 'test/package.test.ts', 'test/reliability/crash.test.ts'];

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
