// `npm ci` warns (EBADENGINE) when an installed package does not support the
// Node versions it runs on. Every Node version package.json's `engines`
// admits must be one that every locked package admits too.
import t from 'tap';
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { packageRoot } from '../../src/paths.js';

const read = (file: string) => JSON.parse(fs.readFileSync(path.join(packageRoot, file), 'utf8'));

t.test('every locked package supports every Node version the package declares', async (t) => {
  const declared: string = read('package.json').engines.node;
  const lock = read('package-lock.json') as { packages: Record<string, { engines?: { node?: string } }> };
  const narrower = Object.entries(lock.packages)
    .filter(([name, entry]) => name !== '' && entry.engines?.node && !semver.subset(declared, entry.engines.node))
    .map(([name, entry]) => `${name.replace(/^.*node_modules\//, '')} needs node ${entry.engines!.node}`);
  t.strictSame(narrower, [], `engines.node "${declared}" is within every dependency's range`);
  t.equal(lock.packages[''] && (lock.packages[''] as { engines?: { node?: string } }).engines?.node, declared, 'the lockfile agrees');
});
