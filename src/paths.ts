import { fileURLToPath } from 'node:url';
import path from 'node:path';

// src/paths.ts and dist/paths.js both sit one level below the package root,
// so the same relative URL finds schemas/ and fixtures/ from source and build.
export const packageRoot = fileURLToPath(new URL('..', import.meta.url));
export const schemasDir = path.join(packageRoot, 'schemas');
export const defaultFixturesDir = path.join(packageRoot, 'fixtures', 'default');
