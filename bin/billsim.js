#!/usr/bin/env node
// Runs the compiled CLI. `npm ci` builds dist/ (the prepare script), so start
// does not compile: in a checkout whose src/ changed since that build, it
// says so in one line and runs the build it has.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = path.join(root, 'dist', 'cli.js');

/** The newest .ts file under dir (an installed package has no src/). */
function newestSource(dir) {
  let newest;
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return undefined;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    const found = entry.isDirectory()
      ? newestSource(full)
      : entry.name.endsWith('.ts')
        ? { file: full, mtimeMs: fs.statSync(full).mtimeMs }
        : undefined;
    if (found && (!newest || found.mtimeMs > newest.mtimeMs)) newest = found;
  }
  return newest;
}

if (!fs.existsSync(cli)) {
  process.stderr.write('billsim: dist/ is missing: run `npm run build` (or `npm run dev` to run from src/)\n');
  process.exit(2);
}
const source = newestSource(path.join(root, 'src'));
if (source && source.mtimeMs > fs.statSync(cli).mtimeMs) {
  const changed = path.relative(root, source.file);
  process.stderr.write(
    `billsim: dist/ is older than src/ (${changed} changed since the last build): run \`npm run build\`, or \`npm run dev\` to run from src/\n`,
  );
}
await import(new URL('../dist/cli.js', import.meta.url).href);
