// `billsim drift` as the CLI runs it (its exit code and what it prints),
// against a billsim listening in this process. test/cli/drift.test.ts runs
// the built command as a process, with a drifting upstream.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import t, { type Test } from 'tap';
import { build } from '../helpers/app.js';
import { drift } from '../../src/cli/drift.js';

async function run(argv: string[], env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const status = await drift(argv, env, { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) });
  return { status, stdout, stderr };
}

/** A port nothing listens on: one just let go. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function listening(t: Test): Promise<string> {
  const app = await build(t);
  return app.listen({ port: 0, host: '127.0.0.1' });
}

t.test('nothing drifts against billsim itself: exit 0, text or JSON, and the key is not printed', async (t) => {
  const origin = await listening(t);
  const text = await run(['--against', origin, '--api-id', 'billsim', '--calls', 'getCurrencies,getClientDetails'], {
    BILLSIM_DRIFT_API_KEY: 'billsim-secret',
  });
  t.strictSame(text, {
    status: 0,
    stdout: `billsim drift against ${origin}/admin/api.php\n\nNo drift (2): getCurrencies, getClientDetails\n\n2 checked, 0 drifted, 0 not checked.\n`,
    stderr: '',
  });
  const json = await run(['--against', origin, '--api-id', 'billsim', '--api-key', 'billsim-secret', '--json', '--calls', 'getNews']);
  t.equal(json.status, 0);
  t.strictSame(JSON.parse(json.stdout), {
    against: `${origin}/admin/api.php`,
    drifted: false,
    summary: { checked: 1, drifted: 0, notChecked: 0 },
    calls: [{ call: 'getNews', status: 'ok', params: {}, differences: [] }],
  });
  t.notMatch(text.stdout + json.stdout, 'billsim-secret');
});

t.test('refused credentials, an unreachable host and bad flags: exit 2 and one line on stderr', async (t) => {
  const origin = await listening(t);
  const refused = await run(['--against', origin, '--api-id', 'billsim', '--api-key', 'not-the-key-7c1']);
  t.strictSame(refused, {
    status: 2,
    stdout: '',
    stderr: 'billsim drift: the installation refused the credentials: Authentication failed: invalid api_id or api_key\n',
  });
  const port = await closedPort();
  const unreachable = await run(['--against', `http://127.0.0.1:${port}`, '--api-id', 'a', '--api-key', 'secret-key-1', '--retries', '0']);
  t.strictSame(unreachable, {
    status: 2,
    stdout: '',
    stderr: `billsim drift: cannot reach http://127.0.0.1:${port}/admin/api.php: ECONNREFUSED\n`,
  });
  const usage = await run(['--against', origin]);
  t.strictSame(usage, {
    status: 2,
    stdout: '',
    stderr: 'billsim drift: --api-id is required: an API id of the installation (or BILLSIM_DRIFT_API_ID) (see billsim drift --help)\n',
  });
  const help = await run(['--help']);
  t.equal(help.status, 0);
  t.match(help.stdout, /^Usage: billsim drift/);
});
