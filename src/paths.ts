import { fileURLToPath } from 'node:url';
import path from 'node:path';
import fs from 'node:fs';

// src/paths.ts and dist/paths.js both sit one level below the package root,
// so the same relative URL finds schemas/ and fixtures/ from source and build.
export const packageRoot = fileURLToPath(new URL('..', import.meta.url));
export const schemasDir = path.join(packageRoot, 'schemas');
export const defaultFixturesDir = path.join(packageRoot, 'fixtures', 'default');

let version: string | undefined;
export function packageVersion(): string {
  version ??= (JSON.parse(fs.readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as { version: string }).version;
  return version;
}
