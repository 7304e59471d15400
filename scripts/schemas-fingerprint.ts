// A fingerprint of schemas/ (every file's path and bytes), written beside the
// files `npm run gen:types` generates from them, so a test run can tell in
// milliseconds that src/generated/ is older than the schemas it would test.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { packageRoot, schemasDir } from '../src/paths.js';

export const FINGERPRINT_FILE = path.join(packageRoot, 'src', 'generated', 'schemas.sha256');

function walk(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]))
    .sort();
}

/** The sha256 of every file under schemas/, each named by its path from there. */
export function schemasFingerprint(): string {
  const hash = crypto.createHash('sha256');
  for (const file of walk(schemasDir)) {
    hash.update(`${path.relative(schemasDir, file).split(path.sep).join('/')}\0`);
    hash.update(fs.readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Why the generated files cannot be trusted, or undefined when they match schemas/. */
export function staleGenerated(): string | undefined {
  const recorded = fs.existsSync(FINGERPRINT_FILE) ? fs.readFileSync(FINGERPRINT_FILE, 'utf8').trim() : '';
  if (recorded === schemasFingerprint()) return undefined;
  return 'schemas/ changed since src/generated/ was generated from it: run `npm run gen:types` first, so no test runs against stale validators and types';
}
