// A server whose first few responses are followed by a rest still builds its
// responses in fast mode afterwards (src/http/shapes.ts says why it would
// not). V8's own view is read with --allow-natives-syntax: %HasFastProperties
// on every 500th response. The rest is stood in for by two full collections
// (V8's memory reducer runs two after a few idle seconds): they forget every
// shape no living object has, as the reducer does. Without the kept response
// every response after them is a dictionary-mode object.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import t from 'tap';
import { SESSION_HEADER } from '../../src/http/endpoint.js';
import { CLI } from '../helpers/process.js';

const PROBE = `
const dc = require('node:diagnostics_channel');
const fast = new Function('o', 'return %HasFastProperties(o)');
let n = 0;
dc.subscribe('http.server.response.finish', ({ response }) => {
  if (++n % 500 === 0) process.stdout.write('shape ' + n + ' ' + fast(response) + '\\n');
});
process.on('SIGUSR2', () => {
  gc();
  gc();
  process.stdout.write('collected\\n');
});
`;

/** `count` reads in `session` over `connections`, as fast as the server answers. */
async function load(url: string, session: string, count: number, connections = 10): Promise<void> {
  const result = await autocannon({ url, connections, amount: count, headers: { [SESSION_HEADER]: session } });
  if (result.non2xx + result.errors + result.timeouts > 0) throw new Error(`${url} failed under load`);
}

t.test('after a rest that lets V8 collect its heap, responses keep their fast shape', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-rest-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const probe = path.join(dir, 'probe.cjs');
  fs.writeFileSync(probe, PROBE);
  const proc = spawn(
    process.execPath,
    ['--allow-natives-syntax', '--expose-gc', '--require', probe, CLI, '--port', '0', '--log-level', 'silent'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // 'close', not 'exit': the last of its output may come after it exits.
  const exited = new Promise((resolve) => proc.once('close', resolve));
  t.teardown(async () => {
    proc.kill();
    await exited;
  });
  let stdout = '';
  let stderr = '';
  proc.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk;
  });
  proc.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk;
  });
  /** Resolves once `pattern` shows in the output (polled every 100 ms, at most `ms`). */
  const seen = async (pattern: RegExp, from: () => string, ms: number) => {
    for (let waited = 0; waited < ms; waited += 100) {
      const match = pattern.exec(from());
      if (match) return match;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no ${pattern} within ${ms} ms:\n${from().slice(-2000)}`);
  };
  const [, base] = await seen(/listening on (http:\/\/\S+\/admin\/api\.php)/, () => stderr, 20_000);
  const url = `${base}?call=getCurrencies&api_id=billsim&api_key=billsim-secret`;

  // A few requests, as a developer's first tries or a suite's set-up make, then a rest. V8 learns
  // ServerResponse's size from its first 7 objects (in-object slack tracking): with 6 before
  // the rest, the 7th is the first after it and is sized from the emptied shapes.
  await load(url, 'before', 6, 1);
  proc.kill('SIGUSR2');
  await seen(/collected/, () => stdout, 10_000);
  const before = stdout.length;
  await load(url, 'after', 19_995);
  await seen(/shape 20000/, () => stdout, 10_000);
  const shapes = stdout.slice(before).match(/shape \d+ (true|false)/g) ?? [];
  t.equal(shapes.length, 40, 'a shape reported every 500 responses');
  t.strictSame(
    shapes.filter((line) => line.endsWith('false')),
    [],
    'no response built in dictionary mode after the rest',
  );
});
