// The package as another project gets it: `npm pack`, installed into an empty
// folder, then the CLI through npx and the README's in-process example.
import t from 'tap';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { packageRoot } from '../../src/paths.js';

const AUTH = 'api_id=billsim&api_key=billsim-secret';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-pack-'));
t.teardown(() => fs.rmSync(work, { recursive: true, force: true }));

function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 110_000 });
  return { status: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}

// dist/ is what `npm test` built (pretest), so packing needs no build of its own.
const packed = run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], packageRoot);
const [pack] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
const files = pack.files.map((f) => f.path);
const consumer = path.join(work, 'consumer');
fs.mkdirSync(consumer);
fs.writeFileSync(path.join(consumer, 'package.json'), '{ "name": "consumer", "private": true, "type": "module" }\n');
// Dependencies come from the npm cache that `npm ci` filled; the registry only for what it lacks.
const installed = run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', path.join(work, pack.filename)], consumer);

t.test('the tarball holds the build, schemas, fixtures and bin, and no development files', async (t) => {
  t.equal(packed.status, 0, packed.stderr);
  for (const file of [
    'package.json',
    'README.md',
    'LICENSE',
    'bin/billsim.js',
    'dist/cli.js',
    'dist/index.js',
    'dist/index.d.ts',
    'dist/index.cjs',
  ]) {
    t.ok(files.includes(file), file);
  }
  t.ok(
    files.some((f) => f.startsWith('schemas/operations/')),
    'schemas',
  );
  t.ok(
    files.some((f) => f.startsWith('fixtures/default/')),
    'bundled fixtures',
  );
  const tops = [...new Set(files.map((f) => f.split('/')[0]))].sort();
  t.strictSame(tops, ['LICENSE', 'README.md', 'bin', 'dashboard', 'dist', 'examples', 'fixtures', 'package.json', 'schemas']);
  t.ok(files.includes('dashboard/index.html') && files.includes('dashboard/main.js'), "the dashboard's page and modules");
  t.ok(files.includes('examples/answers.json'), "the docs page's recorded examples");
  t.strictSame(
    files.filter((f) => /\.ts$/.test(f) && !/\.d\.c?ts$/.test(f)),
    [],
    'no TypeScript sources, only declarations',
  );
});

t.test('it installs into an empty folder without engine warnings', async (t) => {
  t.equal(installed.status, 0, installed.stderr);
  t.notMatch(installed.stderr, /EBADENGINE/);
  t.ok(fs.existsSync(path.join(consumer, 'node_modules', 'billsim', 'dist', 'cli.js')));
});

t.test('npx billsim --version', async (t) => {
  const version = run('npx', ['--no-install', 'billsim', '--version'], consumer);
  t.equal(version.status, 0, version.stderr);
  t.equal(version.stdout, '0.1.0\n');
});

t.test('npx billsim --port 0 serves the bundled world', async (t) => {
  const child = spawn('npx', ['--no-install', 'billsim', '--port', '0', '--log-level', 'silent'], { cwd: consumer, detached: true });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  t.teardown(async () => {
    process.kill(-child.pid!, 'SIGTERM'); // npx and the server it started
    await exited;
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL printed:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+\/admin\/api\.php)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
  });
  t.notMatch(output, /older than src/, 'an installed package has no source to compare');
  const body = (await (await fetch(`${url}?call=getInvoiceDetails&id=1&${AUTH}`)).json()) as Record<string, any>;
  t.equal(body.success, true, JSON.stringify(body.error ?? []));
  t.equal(body.invoice.id, '1');
  const openapi = (await (await fetch(new URL('/openapi.json', url))).json()) as Record<string, any>;
  const example = openapi.paths['/admin/api.php#getInvoiceDetails'].get.responses['200'].content['application/json'].example;
  t.match(example, { success: true, invoice: { id: '1' } }, 'the docs page has its recorded examples');
  const dashboard = await fetch(new URL('/__billsim/dashboard/main.js', url));
  t.equal(dashboard.status, 200, 'the installed package serves the dashboard');
});

t.test("the README's in-process example runs as written", async (t) => {
  const readme = fs.readFileSync(path.join(packageRoot, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Use in your tests'));
  const example = /```ts\n([\s\S]*?)```/.exec(section)![1];
  t.match(example, /from 'billsim'/);
  fs.writeFileSync(path.join(consumer, 'example.mjs'), example);
  const result = run(process.execPath, ['example.mjs'], consumer);
  t.equal(result.status, 0, result.stderr);
  t.equal(result.stderr, '', 'no error or warning');
  t.equal(result.stdout, '[]\n', 'it printed the (empty) journal: no client ran against it');
});

t.test("the README's CommonJS example runs as written", async (t) => {
  const readme = fs.readFileSync(path.join(packageRoot, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('### CommonJS'));
  const example = /```js\n([\s\S]*?)```/.exec(section)![1];
  t.match(example, /require\('billsim'\)/);
  fs.writeFileSync(path.join(consumer, 'example.cjs'), example);
  const result = run(process.execPath, ['example.cjs'], consumer);
  t.equal(result.status, 0, result.stderr);
  t.equal(result.stderr, '', 'no error or warning');
  t.match(result.stdout, /^http:\/\/127\.0\.0\.1:\d+\/admin\/api\.php Invoice 9 not found\n$/);
});
