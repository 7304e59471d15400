// `billsim import` as users run it: the built CLI against a second billsim
// process standing in for "the installation", started with a world of its
// own (other names, prices, ids), and against small node:http servers for
// what a billsim cannot be (an HTML page, a counter of requests in flight).
import t from 'tap';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { CLI, startCli, type Running } from '../helpers/process.js';
import { defaultFixturesDir } from '../../src/paths.js';

type Row = Record<string, unknown>;

const KEY = 'inst-key-7f3a9c';
const RESTRICTED_KEY = 'catalogue-only-key-51de';
const made: string[] = [];
const tmp = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `billsim-import-${name}-`));
  made.push(dir);
  return dir;
};
const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** The installation's world: the bundled one with other names, prices, ids and keys, and no guest tickets (no client import could carry them). */
function installationWorld(): string {
  const dir = tmp('installation');
  const read = (name: string): Row[] => readJson(path.join(defaultFixturesDir, `${name}.json`));
  const write = (name: string, rows: unknown) => fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(rows));
  for (const file of fs.readdirSync(defaultFixturesDir)) fs.copyFileSync(path.join(defaultFixturesDir, file), path.join(dir, file));
  write(
    'products',
    read('products').map((p) => ({
      ...p,
      name: `Inst ${p.name}`,
      description: `Sold by the installation: ${p.description}`,
      m: p.m === '0.00' ? p.m : '17.35',
    })),
  );
  write(
    'order_pages',
    read('order_pages').map((p) => ({ ...p, name: `Inst page ${p.id}`, sort_order: String(20 - Number(p.id)) })),
  );
  write('currencies', [
    ...read('currencies').map((c) => (c.id === '1' ? { ...c, rate: '0.8800', sign: 'EUR ' } : c)),
    {
      id: '4',
      code: 'CHF',
      sign: 'Fr.',
      iso: 'CHF',
      rate: '0.9100',
      last_changes: '2026-10-01 06:00:00',
      update: '1',
      enable: '1',
      format: "1'234.56",
      decimal: '2',
    },
  ]);
  write(
    'addons',
    read('addons').map((a) => ({ ...a, name: `Inst ${a.name}`, m: a.m === '0.00' ? a.m : '3.33' })),
  );
  write(
    'gateways',
    read('gateways').map((g) => (g.id === '3' ? { ...g, name: 'Wire (installation)' } : g)),
  );
  write(
    'ticket_depts',
    read('ticket_depts').map((d) => ({ ...d, name: `Inst ${d.name}`, email: `desk${d.id}@installation.test` })),
  );
  write('news', [
    ...read('news').map((n) => ({ ...n, id: String(Number(n.id) + 40), title: `Inst ${n.title}` })),
    { id: '90', title: 'Installation news', content: 'Only the installation has this item.'.repeat(5), enable: '1', date: '2026-11-02' },
  ]);
  write(
    'reply_categories',
    read('reply_categories').map((c) => ({ ...c, name: `Inst ${c.name}` })),
  );
  write(
    'predefined_replies',
    read('predefined_replies').map((r) => ({ ...r, name: `Inst ${r.name}` })),
  );
  write(
    'clients',
    read('clients').map((c) => ({
      ...c,
      firstname: `Zebulon${c.id}`,
      lastname: `Quarrington${c.id}`,
      email: `zq${c.id}@quarrington-mail.test`,
      companyname: c.companyname === '' ? '' : `Quarrington Holdings ${c.id}`,
    })),
  );
  const tickets = read('tickets').filter((ticket) => ticket.client_id !== '0');
  write('tickets', tickets);
  const kept = new Set(tickets.map((ticket) => ticket.id));
  write(
    'ticket_replies',
    read('ticket_replies').filter((r) => kept.has(r.ticket_id)),
  );
  write(
    'ticket_notes',
    read('ticket_notes').filter((r) => kept.has(r.ticket_id)),
  );
  write('api_access', [
    { id: '1', api_id: 'inst', api_key: KEY, ip: ['all'], calls: [], description: 'the importer' },
    {
      id: '2',
      api_id: 'catalogue',
      api_key: RESTRICTED_KEY,
      ip: ['all'],
      // Everything the catalogue walk reads but the news.
      calls: [
        'getAPIMethods',
        'getOrderPages',
        'getSubCategories',
        'getProducts',
        'getProductDetails',
        'getCurrencies',
        'getPaymentModules',
        'getAddons',
        'getTicketDepts',
        'getPredefinedReplies',
        'getPopularPredefinedReplies',
      ],
      description: 'a key without the news',
    },
    { id: '3', api_id: 'billsim', api_key: 'billsim-secret', ip: ['all'], calls: [], description: 'the comparison' },
  ]);
  return dir;
}

/** Runs the built CLI without blocking this process (the test's own servers must answer meanwhile). */
function run(args: string[], env: Record<string, string> = {}): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const proc = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...env } });
  let stdout = '';
  let stderr = '';
  proc.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  proc.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => proc.once('close', (status) => resolve({ status, stdout, stderr })));
}

const importArgs = (installation: Running, out: string, ...more: string[]) => [
  'import',
  '--from',
  installation.origin,
  '--api-id',
  'inst',
  '--api-key',
  KEY,
  '--out',
  out,
  ...more,
];

async function call(server: Running, name: string, params: Record<string, string> = {}): Promise<Row> {
  const query = new URLSearchParams({ call: name, api_id: 'billsim', api_key: 'billsim-secret', ...params });
  const answer = (await (await fetch(`${server.url}?${query}`)).json()) as Row;
  delete answer.server_time;
  return answer;
}

const listOf = (value: unknown): Row[] => (Array.isArray(value) ? value : Object.values((value ?? {}) as Row)) as Row[];

/** Every catalogue read billsim simulates, with ids taken from the installation's own answers. */
async function catalogueCalls(installation: Running): Promise<[string, Record<string, string>][]> {
  const calls: [string, Record<string, string>][] = [
    ['getOrderPages', {}],
    ['getAddons', {}],
    ['getCurrencies', {}],
    ['getPaymentModules', {}],
    ['getTicketDepts', {}],
    ['getPredefinedReplies', { cid: '0' }],
    ['getPopularPredefinedReplies', {}],
    ['getNews', {}],
    ['getNews', { page: '1', perpage: '2' }],
  ];
  const pages = listOf((await call(installation, 'getOrderPages')).categories);
  const all = [...pages];
  for (const page of pages) {
    all.push(...listOf((await call(installation, 'getSubCategories', { id: String(page.id) })).subcategories));
  }
  for (const page of all) {
    calls.push(['getSubCategories', { id: String(page.id) }], ['getProducts', { id: String(page.id) }]);
    calls.push(['getProducts', { id: String(page.id), currency_id: '1' }]);
    for (const product of listOf((await call(installation, 'getProducts', { id: String(page.id) })).products)) {
      const id = String(product.id);
      calls.push(['getProductDetails', { id }], ['getProductDetails', { id, currency_id: '4' }], ['getProductUpgrades', { id }]);
      calls.push(['getProductApplicableAddons', { id }]);
    }
  }
  for (const addon of listOf((await call(installation, 'getAddons')).addons)) calls.push(['getAddonDetails', { id: String(addon.id) }]);
  const categories = listOf(((await call(installation, 'getPredefinedReplies', { cid: '0' })).category as Row).categories);
  for (const category of categories) calls.push(['getPredefinedReplies', { cid: String(category.id) }]);
  for (const item of listOf((await call(installation, 'getNews', { perpage: '100' })).news))
    calls.push(['getNewsItem', { id: String(item.id) }]);
  return calls;
}

/** Every file of a folder, as text. */
const filesOf = (dir: string) => fs.readdirSync(dir).map((name) => fs.readFileSync(path.join(dir, name), 'utf8'));

t.test('import', async (t) => {
  t.teardown(() => {
    for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
  });
  const world = installationWorld();
  const installation = await startCli(['--fixtures', world, '--log-level', 'silent', '--now', '2026-11-20 12:00:00']);
  t.teardown(() => installation.stop());
  const outputs: string[] = [];
  const runs = async (args: string[], env: Record<string, string> = {}) => {
    const result = await run(args, env);
    outputs.push(result.stdout, result.stderr);
    return result;
  };

  await t.test('--fixtures serves the installation catalogue answers, whole, as the installation does', async (t) => {
    const out = path.join(tmp('full'), 'world');
    const result = await runs(importArgs(installation, out, '--clients', '1000', '--no-anonymize'));
    t.equal(result.status, 0, result.stderr);
    t.equal(result.stderr, '', 'no warning');
    t.match(
      result.stdout,
      /^imported from http:\/\/127\.0\.0\.1:\d+: 11 order pages, 24 products, 7 addons, 5 currencies, 4 gateways, 3 ticket depts, 10 predefined replies, 6 news, 9 clients, 2 contacts; \d+ requests; wrote .*world\n$/,
    );
    const served = await startCli(['--fixtures', out, '--log-level', 'silent', '--now', '2026-11-20 12:00:00']);
    t.teardown(() => served.stop());
    const calls = await catalogueCalls(installation);
    t.ok(calls.length > 80, `${calls.length} answers compared`);
    for (const [name, params] of calls) {
      const theirs = await call(installation, name, params);
      t.equal(theirs.success, true, `${name} ${JSON.stringify(params)} answers on the installation`);
      t.strictSame(await call(served, name, params), theirs, `${name} ${JSON.stringify(params)}`);
    }
    // A client's records too, when not anonymized.
    for (const [name, params] of [
      ['getClientDetails', { id: '3' }],
      ['getClientAccounts', { id: '1' }],
      ['getAccountDetails', { id: '1' }],
      ['getDomainDetails', { id: '1' }],
      ['getTicketDetails', { id: String(readJson(path.join(world, 'tickets.json'))[0].ticket_number) }],
      ['getClientContacts', { id: '1' }],
      ['getClientContact', { id: '10' }],
      ['getAccountAddons', { id: '1' }],
      ['getClientTransactions', { id: '1' }],
      ['getTransactions', {}],
      ['getInvoiceDetails', { id: '1' }],
      ['getOrderDetails', { id: String(readJson(path.join(world, 'orders.json'))[0].id) }],
    ] as const) {
      t.strictSame(await call(served, name, params), await call(installation, name, params), name);
    }
    // The key billsim serves is the bundled one, not the installation's.
    const access = readJson(path.join(out, 'api_access.json')) as Row[];
    t.strictSame(access, readJson(path.join(defaultFixturesDir, 'api_access.json')));
    t.equal((await call(served, 'getCurrencies')).success, true, 'billsim / billsim-secret works on the imported world');
  });

  await t.test('reads only: the installation journal holds get calls alone', async (t) => {
    const answer = (await (await fetch(`${installation.origin}/__billsim/requests?limit=1000`)).json()) as { requests: Row[] };
    const calls = new Set(answer.requests.map((r) => String(r.call)));
    t.ok(calls.size > 20, `${calls.size} different calls`);
    t.strictSame(
      [...calls].filter((c) => !c.startsWith('get')),
      [],
      'every call a get* call',
    );
  });

  await t.test('anonymized by default, the same each time; clients log in with the bundled password', async (t) => {
    const first = path.join(tmp('anon'), 'a');
    const second = path.join(tmp('anon'), 'b');
    t.equal((await runs(importArgs(installation, first, '--clients', '5'))).status, 0);
    t.equal((await runs(importArgs(installation, second, '--clients', '5'))).status, 0);
    t.strictSame(fs.readdirSync(first), fs.readdirSync(second));
    t.strictSame(filesOf(first), filesOf(second), 'byte-identical folders');
    const clients = readJson(path.join(first, 'clients.json')) as Row[];
    t.equal(clients.length, 5, 'the newest five');
    t.strictSame(
      clients.map((c) => c.id),
      ['5', '6', '7', '8', '9'],
    );
    const originals = (readJson(path.join(world, 'clients.json')) as Row[]).flatMap((c) =>
      [c.firstname, c.lastname, c.email, c.companyname, c.phonenumber, c.address1].filter((v) => v !== ''),
    );
    const text = filesOf(first).join('\n');
    for (const original of originals) t.notOk(text.includes(String(original)), `${original} appears in no file`);
    const served = await startCli(['--fixtures', first, '--log-level', 'silent']);
    t.teardown(() => served.stop());
    const login = await call(served, 'verifyClientLogin', { email: String(clients[0].email), password: 'billsim-client' });
    t.equal(login.success, true, 'the bundled client password');
    t.equal((clients[0] as Row).country, (readJson(path.join(world, 'clients.json')) as Row[])[4].country, 'the country stays (tax rules)');
  });

  await t.test('a call the key may not use is skipped with a warning; the rest is imported; exit 1', async (t) => {
    const out = path.join(tmp('restricted'), 'world');
    const args = importArgs(installation, out).map((a) => (a === KEY ? RESTRICTED_KEY : a === 'inst' ? 'catalogue' : a));
    const result = await runs(args);
    t.equal(result.status, 1, result.stderr);
    t.equal(result.stderr, 'billsim import: warning: skipped getNews: Access denied: call getNews is not enabled for this API key\n');
    t.match(result.stdout, /5 currencies, .* 1 call skipped; wrote/);
    t.strictSame(readJson(path.join(out, 'news.json')), readJson(path.join(defaultFixturesDir, 'news.json')), "billsim's own news");
    t.equal((readJson(path.join(out, 'currencies.json')) as Row[]).length, 5, "the installation's currencies");
  });

  await t.test('failures: one line, exit 2, the folder as it was', async (t) => {
    const parent = tmp('fail');
    const kept = path.join(parent, 'kept');
    fs.mkdirSync(kept);
    fs.writeFileSync(path.join(kept, 'mine.txt'), 'mine');
    const fresh = path.join(parent, 'fresh');
    const html = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>Login</title>');
    });
    await new Promise<void>((resolve) => html.listen(0, '127.0.0.1', resolve));
    t.teardown(() => html.close());
    // An installation whose refusal billsim does not recognise as one: every call fails.
    const refusing = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: false, call: 'getAPIMethods', server_time: 1795000000, error: ['Token mismatch'] }));
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    t.teardown(() => refusing.close());
    const refusingPort = (refusing.address() as AddressInfo).port;
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const htmlPort = (html.address() as AddressInfo).port;
    const wrongKey = 'wrong-key-0b9d';
    const cases: [string, string[], RegExp][] = [
      [
        'unreachable',
        ['import', '--from', `http://127.0.0.1:${closedPort}`, '--api-id', 'inst', '--api-key', KEY, '--retries', '0', '--out', fresh],
        /^billsim import: cannot reach http:\/\/127\.0\.0\.1:\d+\/admin\/api\.php: ECONNREFUSED\n$/,
      ],
      [
        'refused credentials',
        importArgs(installation, fresh).map((a) => (a === KEY ? wrongKey : a)),
        /^billsim import: http:\/\/127\.0\.0\.1:\d+ refused the credentials: Authentication failed: invalid api_id or api_key\n$/,
      ],
      [
        'an HTML page',
        ['import', '--from', `http://127.0.0.1:${htmlPort}/`, '--api-id', 'inst', '--api-key', KEY, '--out', fresh],
        /^billsim import: http:\/\/127\.0\.0\.1:\d+\/admin\/api\.php answered getAPIMethods with an HTML page \(HTTP 200\), not the API's JSON: is this the admin\/api\.php address\?\n$/,
      ],
      [
        'every call refused',
        ['import', '--from', `http://127.0.0.1:${refusingPort}`, '--api-id', 'inst', '--api-key', KEY, '--out', fresh],
        /^billsim import: http:\/\/127\.0\.0\.1:\d+ refused every call \(getAPIMethods: Token mismatch\): are these the right credentials\?\n$/,
      ],
      [
        'a folder not empty',
        importArgs(installation, kept),
        /^billsim import: .*kept is not empty: give a new or empty folder, or --force to replace what it holds\n$/,
      ],
      [
        'a usage error',
        ['import', '--from', installation.origin, '--api-id', 'inst', '--out', fresh],
        /^billsim import: --api-key is required \(or set BILLSIM_IMPORT_API_KEY\) \(see billsim import --help\)\n$/,
      ],
      [
        'a bad number',
        [...importArgs(installation, fresh), '--concurrency', '0'],
        /^billsim import: --concurrency must be a whole number from 1 to 32, got "0"/,
      ],
    ];
    for (const [what, args, message] of cases) {
      const result = await runs(args);
      t.equal(result.status, 2, `${what}: exit 2`);
      t.match(result.stderr, message, what);
      t.equal(result.stdout, '', `${what}: nothing on stdout`);
      t.notOk(result.stderr.includes(wrongKey), `${what}: the key is not shown`);
      t.notOk(fs.existsSync(fresh), `${what}: no folder made`);
      t.strictSame(fs.readdirSync(kept), ['mine.txt'], `${what}: the other folder untouched`);
    }
    t.strictSame(fs.readdirSync(parent).sort(), ['kept'], 'no staging folder left behind');
    const forced = await runs([...importArgs(installation, kept), '--force']);
    t.equal(forced.status, 0, forced.stderr);
    t.notOk(fs.existsSync(path.join(kept, 'mine.txt')), '--force replaces the folder');
    t.ok(fs.existsSync(path.join(kept, 'products.json')));
  });

  await t.test('credentials from the environment; --help names them, the time-outs and retries', async (t) => {
    const out = path.join(tmp('env'), 'world');
    const result = await runs(['import', '--from', installation.url, '--out', out], {
      BILLSIM_IMPORT_API_ID: 'inst',
      BILLSIM_IMPORT_API_KEY: KEY,
    });
    t.equal(result.status, 0, result.stderr);
    const help = await runs(['import', '--help']);
    t.equal(help.status, 0);
    for (const words of [
      'BILLSIM_IMPORT_API_ID',
      'BILLSIM_IMPORT_API_KEY',
      '--timeout',
      'default 30000',
      '--retries',
      '--concurrency',
      'default 4',
      '--no-anonymize',
      '--force',
    ]) {
      t.match(help.stdout, words);
    }
    t.match((await runs(['--help'])).stdout, 'billsim import --help', "the server's help points at the import's");
  });

  await t.test('--concurrency bounds the requests in flight', async (t) => {
    let inFlight = 0;
    let most = 0;
    // Forwards to the installation, each answer held a little so requests overlap.
    const counter = http.createServer((req, res) => {
      inFlight++;
      most = Math.max(most, inFlight);
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', async () => {
        const answer = await fetch(installation.url, {
          method: 'POST',
          body: Buffer.concat(chunks),
          headers: { 'content-type': String(req.headers['content-type']) },
        });
        const text = await answer.text();
        setTimeout(() => {
          inFlight--;
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(text);
        }, 15);
      });
    });
    await new Promise<void>((resolve) => counter.listen(0, '127.0.0.1', resolve));
    t.teardown(() => counter.close());
    const from = `http://127.0.0.1:${(counter.address() as AddressInfo).port}`;
    for (const limit of ['1', '3']) {
      most = 0;
      const out = path.join(tmp('bound'), 'world');
      const result = await runs(['import', '--from', from, '--api-id', 'inst', '--api-key', KEY, '--out', out, '--concurrency', limit]);
      t.equal(result.status, 0, result.stderr);
      t.equal(most, Number(limit), `at most ${limit} in flight, and that many reached`);
    }
  });

  await t.test('the key appears in no output and no written file', async (t) => {
    t.notOk(outputs.join('\n').includes(KEY), 'outputs');
    t.notOk(outputs.join('\n').includes(RESTRICTED_KEY), 'outputs');
    const written = made
      .filter((dir) => dir !== world)
      .flatMap((dir) => {
        return fs
          .readdirSync(dir, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => fs.readFileSync(path.join(e.parentPath, e.name), 'utf8'));
      });
    t.ok(written.length > 40);
    t.notOk(written.join('\n').includes(KEY), 'files');
  });
});
