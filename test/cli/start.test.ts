// How a developer starts billsim: `npm start` runs the build `npm ci` made,
// without compiling again; `npm run dev` runs from src/.
import t, { type Test } from 'tap';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { packageRoot } from '../../src/paths.js';

const AUTH = 'api_id=billsim&api_key=billsim-secret';

t.test('npm start runs the existing build: dist/ is not written again', async (t) => {
  const cli = path.join(packageRoot, 'dist', 'cli.js');
  const before = fs.statSync(cli).mtimeMs;
  const result = spawnSync('npm', ['start', '--silent', '--', '--version'], { cwd: packageRoot, encoding: 'utf8', timeout: 60_000 });
  t.equal(result.status, 0, result.stderr);
  t.equal(result.stdout, '0.1.0\n');
  t.equal(fs.statSync(cli).mtimeMs, before, 'dist/cli.js untouched');
});

/** A copy of bin/ beside a stand-in dist/cli.js, so the source check runs on a tree of the test's own. */
function tree(t: Test): { root: string; run: () => { status: number | null; stdout: string; stderr: string } } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-bin-'));
  t.teardown(() => fs.rmSync(root, { recursive: true, force: true }));
  fs.mkdirSync(path.join(root, 'bin'));
  fs.mkdirSync(path.join(root, 'dist'));
  fs.copyFileSync(path.join(packageRoot, 'bin', 'billsim.js'), path.join(root, 'bin', 'billsim.js'));
  fs.writeFileSync(path.join(root, 'package.json'), '{"type":"module"}');
  fs.writeFileSync(path.join(root, 'dist', 'cli.js'), "process.stdout.write('ran\\n');\n");
  const run = () => {
    const result = spawnSync(process.execPath, [path.join(root, 'bin', 'billsim.js')], { encoding: 'utf8', timeout: 20_000 });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  };
  return { root, run };
}

function touch(file: string, secondsAgo: number): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (!fs.existsSync(file)) fs.writeFileSync(file, '');
  const when = new Date(Date.now() - secondsAgo * 1000);
  fs.utimesSync(file, when, when);
}

t.test('a build older than src/ is named in one stderr line, and still runs', async (t) => {
  const { root, run } = tree(t);
  touch(path.join(root, 'dist', 'cli.js'), 60);
  touch(path.join(root, 'src', 'app.ts'), 120);
  touch(path.join(root, 'src', 'http', 'endpoint.ts'), 10);
  const stale = run();
  t.equal(stale.status, 0);
  t.equal(stale.stdout, 'ran\n', 'the build runs anyway');
  t.equal(
    stale.stderr,
    `billsim: dist/ is older than src/ (${path.join('src', 'http', 'endpoint.ts')} changed since the last build): ` +
      'run `npm run build`, or `npm run dev` to run from src/\n',
  );

  touch(path.join(root, 'src', 'http', 'endpoint.ts'), 100);
  t.strictSame(run(), { status: 0, stdout: 'ran\n', stderr: '' }, 'no line once dist/ is newer');
  fs.rmSync(path.join(root, 'src'), { recursive: true });
  t.strictSame(run(), { status: 0, stdout: 'ran\n', stderr: '' }, 'an installed package has no src/ to compare');
});

t.test('without dist/ it says how to build, in one line', async (t) => {
  const { root, run } = tree(t);
  fs.rmSync(path.join(root, 'dist'), { recursive: true });
  t.strictSame(run(), {
    status: 2,
    stdout: '',
    stderr: 'billsim: dist/ is missing: run `npm run build` (or `npm run dev` to run from src/)\n',
  });
});

t.test('npm run dev serves from src/', async (t) => {
  const child = spawn('npm', ['run', 'dev', '--silent', '--', '--port', '0', '--log-level', 'silent', '--host', '127.0.0.1'], {
    cwd: packageRoot,
    detached: true, // its own process group: tsx watch and the server it runs stop together
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  t.teardown(async () => {
    process.kill(-child.pid!, 'SIGTERM');
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
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
  });
  const body = (await (await fetch(`${url}?call=getCurrencies&${AUTH}`)).json()) as { success: boolean };
  t.equal(body.success, true);
  const pids = spawnSync('pgrep', ['-g', String(child.pid)], { encoding: 'utf8' })
    .stdout.trim()
    .split('\n');
  const commands = pids.map((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    } catch {
      return ''; // gone since pgrep listed it
    }
  });
  t.match(commands.join('\n'), /tsx\/dist\/loader\.mjs src\/cli\.ts /, 'node runs src/cli.ts through tsx');
});
