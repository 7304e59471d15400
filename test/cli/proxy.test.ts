// --proxy and --record as users run them: billsim in front of another billsim
// process standing for the installation (its own world and credentials), then
// the recording served offline with --fixtures.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t, { type Test } from 'tap';
import { runCli, startCli, type Running } from '../helpers/process.js';
import { defaultFixturesDir } from '../../src/paths.js';

const UP_ID = 'installation-id';
const UP_KEY = 'installation-KEY-51d0';
const AUTH = { api_id: 'billsim', api_key: 'billsim-secret' };

function tempDir(t: Test, prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function started(t: Test, args: string[], env: Record<string, string> = {}): Promise<Running> {
  const running = await startCli(args, env);
  t.teardown(() => running.stop());
  return running;
}

async function get(url: string, call: string, params: Record<string, string>, auth: Record<string, string> = AUTH) {
  const response = await fetch(`${url}?${new URLSearchParams({ call, ...auth, ...params })}`);
  return { status: response.status, text: await response.text() };
}

const undated = (text: string) => {
  const { server_time, ...rest } = JSON.parse(text);
  void server_time;
  return rest;
};

const CALLS: [string, Record<string, string>][] = [
  ['getClientDetails', { id: '1' }],
  ['getClientDetails', { id: '999' }],
  ['getCurrencies', {}],
  ['getProducts', { category_id: '1' }],
];

t.test('--proxy answers as the installation, refuses writes, and --record replays offline', async (t) => {
  // The installation: the bundled world with its first client renamed, and its own key.
  const world = tempDir(t, 'billsim-installation-');
  fs.cpSync(defaultFixturesDir, world, { recursive: true });
  const clientsFile = path.join(world, 'clients.json');
  const clients = JSON.parse(fs.readFileSync(clientsFile, 'utf8'));
  clients[0].firstname = 'Upstreamia';
  fs.writeFileSync(clientsFile, JSON.stringify(clients));
  const installation = await started(t, ['--fixtures', world, '--now', '2026-06-01 09:30:00'], {
    BILLSIM_API_ID: UP_ID,
    BILLSIM_API_KEY: UP_KEY,
  });
  const upAuth = { api_id: UP_ID, api_key: UP_KEY };

  const record = path.join(tempDir(t, 'billsim-record-'), 'recorded');
  const proxy = await startCli(['--proxy', installation.origin, '--proxy-api-id', UP_ID, '--record', record], {
    BILLSIM_PROXY_API_KEY: UP_KEY,
  });
  t.match(
    proxy.output(),
    `proxy:   every call no stub answers -> ${installation.origin} (reads only, writes refused); recording to ${record}`,
  );
  t.match(
    proxy.output(),
    'origins: the API takes browser requests from loopback origins only (--cors adds others), since it reaches your installation',
  );
  const fromPage = await fetch(`${proxy.url}?${new URLSearchParams({ call: 'getClientDetails', id: '1', ...AUTH })}`, {
    headers: { origin: 'https://evil.example' },
  });
  t.match(await fromPage.json(), { success: false, error: [/^Requests from https:\/\/evil\.example are refused: with --proxy/] });
  t.equal(fromPage.headers.get('access-control-allow-origin'), null, 'a page on another origin reads nothing');
  const answers = [];
  for (const [call, params] of CALLS) {
    const got = await get(proxy.url, call, params);
    t.same(got, await get(installation.url, call, params, upAuth), `${call} answered as the installation answers it`);
    answers.push(got);
  }
  t.equal(JSON.parse(answers[0].text).client.firstname, 'Upstreamia');
  const refused = JSON.parse((await get(proxy.url, 'addClient', { firstname: 'Zed' })).text);
  t.match(refused, { success: false, error: [/--proxy-writes/] });
  const seen = await (await fetch(`${installation.origin}/__billsim/requests`)).json();
  t.notOk(
    seen.requests.some((entry: { call: string }) => entry.call === 'addClient'),
    'the installation never saw the write',
  );
  const health = await (await fetch(`${proxy.origin}/__billsim/health`)).text();
  t.match(JSON.parse(health).proxy, { origin: installation.origin, writes: false, recording: true });
  t.equal(await proxy.stop(), 0);
  for (const where of [proxy.output(), proxy.stdout(), health]) t.notMatch(where, UP_KEY, 'the key is in no output');
  for (const name of fs.readdirSync(record)) t.notMatch(fs.readFileSync(path.join(record, name), 'utf8'), UP_KEY, name);

  const offline = await started(t, ['--fixtures', record]);
  for (const [i, [call, params]] of CALLS.entries()) {
    const again = await get(offline.url, call, params);
    t.equal(again.status, answers[i].status);
    t.same(undated(again.text), undated(answers[i].text), `${call} ${JSON.stringify(params)} replays offline`);
  }
});

t.test('the proxy flags are checked before anything starts', async (t) => {
  const cases: [string[], Record<string, string>, RegExp][] = [
    [['--record', 'somewhere'], {}, /--record needs --proxy <url>/],
    [['--proxy-writes'], {}, /--proxy-writes needs --proxy <url>/],
    [['--proxy', 'https://billing.example.com'], {}, /--proxy needs the installation's API id/],
    [['--proxy', 'https://billing.example.com', '--proxy-api-id', 'x'], {}, /set BILLSIM_PROXY_API_KEY/],
    [['--proxy', 'billing.example.com'], {}, /--proxy: "billing\.example\.com" is not a URL/],
    [
      ['--proxy', 'https://b.example.com', '--proxy-api-id', 'x', '--proxy-retries', '11'],
      { BILLSIM_PROXY_API_KEY: 'k' },
      /--proxy-retries/,
    ],
    [
      ['--proxy', 'https://b.example.com', '--proxy-api-id', 'x', '--proxy-timeout', '0'],
      { BILLSIM_PROXY_API_KEY: 'k' },
      /--proxy-timeout/,
    ],
    [['--proxy-max-answer', '1M'], {}, /--proxy-max-answer needs --proxy <url>/],
    ...['0', '1000', '513M', '1G', 'lots', '-5'].map((size): [string[], Record<string, string>, RegExp] => [
      ['--proxy', 'https://b.example.com', '--proxy-api-id', 'x', '--proxy-max-answer', size],
      { BILLSIM_PROXY_API_KEY: 'k' },
      new RegExp(
        `--proxy-max-answer must be a size from 1K to 512M, in bytes \\(16777216\\) or with a unit \\(512K, 16M\\), got "${size}"`,
      ),
    ]),
  ];
  for (const [args, env, message] of cases) {
    const result = runCli(args, env);
    t.equal(result.status, 2, args.join(' '));
    t.match(result.stderr, message);
  }
  const help = runCli(['--help']);
  for (const flag of ['--proxy <url>', '--proxy-api-key', 'BILLSIM_PROXY_API_KEY', '--proxy-unknown', '--proxy-writes', '--record <dir>']) {
    t.match(help.stdout, flag);
  }
  t.match(help.stdout, /--proxy-timeout <ms>[\s\S]*default 30000/);
  t.match(help.stdout, /--proxy-retries <n>[\s\S]*default 2, at most 10/);
  t.match(help.stdout, /--proxy-max-answer <n>[\s\S]*default 16M, at most 512M/);
  t.match(help.stdout, /Browsers then reach the API only from loopback origins and those --cors lists/);
});

t.test('--proxy-max-answer caps what is read of an answer; the banner names the origins --cors adds', async (t) => {
  const big = { success: true, call: 'getKBCategoryArticles', server_time: 1, pad: 'x'.repeat(4096) };
  const installation = await started(t, ['--now', '2026-06-01 09:30:00'], { BILLSIM_API_ID: UP_ID, BILLSIM_API_KEY: UP_KEY });
  await fetch(`${installation.origin}/__billsim/stubs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ call: 'getKBCategoryArticles', answer: { pad: big.pad } }),
  });
  const proxy = await started(
    t,
    ['--proxy', installation.origin, '--proxy-api-id', UP_ID, '--proxy-max-answer', '2K', '--cors', 'https://app.example.com'],
    { BILLSIM_PROXY_API_KEY: UP_KEY },
  );
  t.match(proxy.output(), 'origins: the API takes browser requests from loopback origins and https://app.example.com only');
  const got = await get(proxy.url, 'getKBCategoryArticles', {});
  t.equal(got.status, 502);
  t.match(JSON.parse(got.text).error, [/larger than 2048 bytes, the cap --proxy-max-answer sets/]);
  const listed = await fetch(`${proxy.url}?${new URLSearchParams({ call: 'getCurrencies', ...AUTH })}`, {
    headers: { origin: 'https://app.example.com' },
  });
  t.equal(listed.headers.get('access-control-allow-origin'), 'https://app.example.com', 'a listed origin is answered');
});

t.test('plain http:// to a public host is warned about', async (t) => {
  const running = await started(t, ['--proxy', 'http://billing.example.com', '--proxy-api-id', 'x'], { BILLSIM_PROXY_API_KEY: 'k' });
  t.match(running.output(), /warning: http:\/\/billing\.example\.com is plain http:\/\//);
});
