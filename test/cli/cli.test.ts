import t from 'tap';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli, startCli } from '../helpers/process.js';
import { loadFixtures } from '../../src/store/fixtures.js';

const AUTH = 'api_id=billsim&api_key=billsim-secret';
const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-cli-'));

t.test('--help lists every option with its default; --version prints the version', async (t) => {
  const help = runCli(['--help']);
  t.equal(help.status, 0);
  for (const flag of [
    '--port',
    '--host',
    '--fixtures',
    '--data',
    '--now',
    '--latency',
    '--control-token',
    '--log-level',
    '--cors',
    '--max-sessions',
  ]) {
    t.match(help.stdout, flag);
  }
  t.match(help.stdout, 'default 8080');
  t.match(help.stdout, 'BILLSIM_CONTROL_TOKEN');
  const version = runCli(['--version']);
  t.strictSame([version.status, version.stdout], [0, '0.1.0\n']);
});

t.test('bad flags and values: one line on stderr, exit code 2', async (t) => {
  const empty = tmp();
  const fixtureFile = path.join(tmp(), 'clients.json');
  fs.writeFileSync(fixtureFile, '[]');
  const missingFolderData = path.join(empty, 'no-such-folder', 'state.json');
  const cases: [string[], Record<string, string>, RegExp][] = [
    [['--port', 'abc'], {}, /--port must be a whole number from 0 to 65535, got "abc"/],
    [['--port', '70000'], {}, /--port must be/],
    [['--now', '2026-02-30 10:00:00'], {}, /--now must be a real "YYYY-MM-DD HH:MM:SS" time/],
    [['--latency', '200-100'], {}, /--latency must be <min>-<max>/],
    [['--log-level', 'loud'], {}, /--log-level must be one of/],
    [['--cors', 'ftp://x'], {}, /--cors origins must look like/],
    [['--bogus'], {}, /Unknown option '--bogus'/],
    [['serve-please'], {}, /unknown command "serve-please"/],
    [[], { BILLSIM_PORT: 'x' }, /--port must be a whole number/],
    [[], { BILLSIM_LATENCY: 'fast' }, /--latency must be/],
    [['--host', '203.0.113.255'], {}, /cannot listen on 203\.0\.113\.255:8080/],
    [['--fixtures', '/nonexistent/world'], {}, /fixtures folder \/nonexistent\/world does not exist/],
    [['--fixtures', empty], {}, /holds none of the collection files/],
    [['--control-token', ''], {}, /--control-token must not be empty/],
    [['--max-sessions', 'many'], {}, /--max-sessions must be a whole number/],
    [['--port', '-1'], {}, /^billsim: --port must be a whole number from 0 to 65535, got "-1"/],
    [['--max-sessions', '-3'], {}, /^billsim: --max-sessions must be a whole number from 0 to 9999999 \(0 for no limit\), got "-3"/],
    [['--latency', '-5'], {}, /^billsim: --latency must be <min>-<max> milliseconds/],
    [['--fixtures', fixtureFile], {}, new RegExp(`^billsim: --fixtures ${fixtureFile} is a file, not a folder`)],
    [
      ['--data', missingFolderData],
      {},
      new RegExp(`^billsim: --data ${missingFolderData}: folder ${path.dirname(missingFolderData)} does not exist`),
    ],
    [['--data', empty], {}, new RegExp(`^billsim: --data ${empty} is a folder, not a file`)],
  ];
  for (const [args, env, message] of cases) {
    const result = runCli(args, env);
    t.equal(result.status, 2, `${args.join(' ')} exits 2`);
    t.match(result.stderr, message);
    t.equal(result.stderr.trim().split('\n').length, 1, 'one line');
  }
});

t.test('serves, prints URL, credentials and a curl line, and stops cleanly on SIGTERM', async (t) => {
  const server = await startCli(['--now', '2026-11-20 12:00:00', '--log-level', 'silent']);
  t.match(server.output(), /api_id: {2}billsim/);
  t.match(server.output(), /api_key: billsim-secret/);
  t.match(
    server.output(),
    /try: {5}curl 'http:\/\/127\.0\.0\.1:\d+\/admin\/api\.php\?call=getCurrencies&api_id=billsim&api_key=billsim-secret'/,
  );
  const body = (await (await fetch(`${server.url}?call=getCurrencies&${AUTH}`)).json()) as { success: boolean; server_time: number };
  t.equal(body.success, true);
  t.equal(body.server_time, Date.UTC(2026, 10, 20, 12) / 1000, '--now freezes the clock');
  t.equal(await server.stop('SIGTERM'), 0);
});

t.test('SIGINT also exits 0', async (t) => {
  const server = await startCli(['--log-level', 'silent']);
  t.equal(await server.stop('SIGINT'), 0);
});

t.test('environment variables: credentials, host, log level', async (t) => {
  const server = await startCli([], {
    BILLSIM_API_ID: 'envid',
    BILLSIM_API_KEY: 'envkey',
    BILLSIM_HOST: '127.0.0.1',
    BILLSIM_LOG_LEVEL: 'info',
  });
  t.teardown(() => server.stop());
  t.match(server.output(), /api_id: {2}envid/);
  const ok = (await (await fetch(`${server.url}?call=getCurrencies&api_id=envid&api_key=envkey`)).json()) as { success: boolean };
  t.equal(ok.success, true);
  const old = (await (await fetch(`${server.url}?call=getCurrencies&${AUTH}`)).json()) as { success: boolean };
  t.equal(old.success, false);
  await new Promise((resolve) => setTimeout(resolve, 100));
  const lines = server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'));
  const apiLines = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.msg === 'api call');
  t.equal(apiLines.length, 2, 'one JSON log line per request when stdout is not a terminal');
  t.match(apiLines[0], { call: 'getCurrencies', session: 'default', success: true });
  t.notOk('error' in apiLines[0], 'a success names no error');
  t.match(
    apiLines[1],
    { call: 'getCurrencies', success: false, error: 'Authentication failed: invalid api_id or api_key' },
    "a failure's line names its first error",
  );
  const stdoutLines = server.stdout().split('\n').filter(Boolean);
  t.ok(
    stdoutLines.every((line) => line.startsWith('{')),
    'stdout holds JSON log lines only: the banner went to stderr',
  );
  const banner = server.output().slice(0, server.output().indexOf('  docs:'));
  t.notOk(server.output().includes('envkey'), 'a key from the environment is printed nowhere');
  t.match(banner, '  api_key: **** (from BILLSIM_API_KEY)\n', 'masked whole: too short to show a part');
  t.match(banner, '&api_key=$BILLSIM_API_KEY"', 'the curl line reads it from the environment');
  t.notOk(lines.join('\n').includes('envkey'), 'no api_key in log lines');
  t.notOk(lines.join('\n').includes('billsim-secret'), 'not even a wrong one');
});

t.test('--control-token guards control routes; --cors limits origins; --latency still answers', async (t) => {
  const server = await startCli(['--control-token', 'tok', '--cors', 'http://app.local:3000', '--latency', '1-5', '--log-level', 'silent']);
  t.teardown(() => server.stop());
  t.equal((await fetch(`${server.origin}/__billsim/sessions`)).status, 401);
  t.equal((await fetch(`${server.origin}/__billsim/sessions`, { headers: { authorization: 'Bearer tok' } })).status, 200);
  t.equal((await fetch(`${server.origin}/__billsim/health`)).status, 200, 'health stays open for probes');
  const allowed = await fetch(server.url, {
    method: 'OPTIONS',
    headers: {
      origin: 'http://app.local:3000',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type,x-billsim-session',
    },
  });
  t.equal(allowed.status, 204);
  t.equal(allowed.headers.get('access-control-allow-origin'), 'http://app.local:3000');
  const control = await fetch(`${server.origin}/__billsim/reset`, {
    method: 'OPTIONS',
    headers: {
      origin: 'http://app.local:3000',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization',
    },
  });
  t.equal(control.status, 204, 'control routes answer preflight too (before the token check)');
  t.equal(control.headers.get('access-control-allow-origin'), 'http://app.local:3000');
  const other = await fetch(server.url, {
    method: 'OPTIONS',
    headers: { origin: 'http://evil.local', 'access-control-request-method': 'POST' },
  });
  t.equal(other.headers.get('access-control-allow-origin'), null, 'other origins are not allowed');
  const body = (await (await fetch(`${server.url}?call=getCurrencies&${AUTH}`)).json()) as { success: boolean };
  t.equal(body.success, true);
});

t.test('--fixtures loads a user world; a broken one stops the start naming file, record and field', async (t) => {
  const dir = tmp();
  t.equal(runCli(['fixtures:export', dir]).status, 0);
  const exported = loadFixtures(dir);
  t.ok(exported.clients.length >= 8, 'the export is a loadable world');
  t.equal(runCli(['fixtures:export', dir]).status, 2, 'never overwrites an export');
  const news = JSON.parse(fs.readFileSync(path.join(dir, 'news.json'), 'utf8')) as Record<string, unknown>[];
  news[0].title = 'Custom world';
  fs.writeFileSync(path.join(dir, 'news.json'), JSON.stringify(news));
  fs.rmSync(path.join(dir, 'predefined_replies.json'));
  const server = await startCli(['--fixtures', dir, '--log-level', 'silent']);
  const item = (await (await fetch(`${server.url}?call=getNewsItem&id=${news[0].id as string}&${AUTH}`)).json()) as {
    newsitem: { title: string };
  };
  t.equal(item.newsitem.title, 'Custom world');
  const replies = (await (await fetch(`${server.url}?call=getPredefinedReplies&cid=0&${AUTH}`)).json()) as { success: boolean };
  t.equal(replies.success, true, 'a missing collection file is an empty collection');
  await server.stop();

  const clients = JSON.parse(fs.readFileSync(path.join(dir, 'clients.json'), 'utf8')) as Record<string, unknown>[];
  clients[2].email = 42;
  fs.writeFileSync(path.join(dir, 'clients.json'), JSON.stringify(clients));
  const broken = runCli(['--fixtures', dir]);
  t.equal(broken.status, 2);
  // The file is one line: the record is the third on it, counted from 1.
  t.match(broken.stderr, `${path.join(dir, 'clients.json')}:1:`);
  t.match(broken.stderr, `: record 3 (id ${clients[2].id as string}): field email`);
});
