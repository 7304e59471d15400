// `npm test`: the tap suite under V8 coverage, then c8's report and its floor
// (.c8rc.json). c8 cannot wrap tap directly: tap's module mocks record source
// maps under tapmock:// URLs, which c8's report refuses, so those entries (a
// mocked copy of a module, never the module itself) are dropped first.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../src/paths.js';

const temp = path.join(packageRoot, 'coverage', 'tmp');
fs.rmSync(path.join(packageRoot, 'coverage'), { recursive: true, force: true });
fs.mkdirSync(temp, { recursive: true });

const bin = (name: string) => path.join(packageRoot, 'node_modules', '.bin', name);
const tap = spawnSync(bin('tap'), process.argv.slice(2), {
  stdio: 'inherit',
  env: { ...process.env, NODE_V8_COVERAGE: temp },
});

for (const file of fs.readdirSync(temp)) {
  const full = path.join(temp, file);
  const data = JSON.parse(fs.readFileSync(full, 'utf8')) as { 'source-map-cache'?: Record<string, unknown> };
  const cache = data['source-map-cache'];
  if (!cache) continue;
  for (const url of Object.keys(cache)) if (!url.startsWith('file:')) delete cache[url];
  fs.writeFileSync(full, JSON.stringify(data));
}

// A run of chosen files says nothing about the whole suite's coverage: report it, enforce no floor.
const chosen = process.argv.length > 2;
const report = spawnSync(bin('c8'), ['report', ...(chosen ? ['--check-coverage=false'] : [])], { stdio: 'inherit' });
process.exit(tap.status || report.status || 0);
