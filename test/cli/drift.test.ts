// `billsim drift` as a process (dist/cli.js): against a second billsim as the
// installation it finds nothing; through an upstream that drifts on purpose it
// finds each planted difference and nothing else; it sends only reads and
// never prints the key.
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import t, { type Test } from 'tap';
import { CLI, startCli, type Running } from '../helpers/process.js';
import { readCalls } from '../../src/cli/drift/run.js';
import { operations } from '../../src/operations/index.js';

const KEY = 'drift-KEY-4f9a2c81';
const NOT_SENT = ['accountModuleSSO', 'getKBArticle', 'getKBArticlesByTags', 'module', 'verifyAdminLogin', 'verifyClientLogin'];

/** Runs the CLI without blocking this process (the drifting upstream answers from it). */
function drift(args: string[], env: Record<string, string> = {}): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [CLI, 'drift', ...args], { env: { ...process.env, ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) => child.once('close', (status) => resolve({ status, stdout, stderr })));
}

type Json = Record<string, unknown>;
type Change = (json: Json, response: http.ServerResponse) => Json | undefined;

/** An upstream on 127.0.0.1 that forwards every request to `installation` and changes some answers on the way back. */
async function driftingUpstream(t: Test, installation: Running, changes: Record<string, Change>): Promise<string> {
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', async () => {
      if (request.url !== '/admin/api.php') {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end('<!doctype html><title>Client area</title>');
        return;
      }
      const call = new URLSearchParams(body).get('call') ?? '';
      const forwarded = await fetch(installation.url, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const json = (await forwarded.json()) as Json;
      const changed = changes[call] ? changes[call](json, response) : json;
      if (changed === undefined) return; // the change answered itself
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(changed));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const credentials = ['--api-id', 'billsim', '--api-key', KEY];
let installation: Running;

t.before(async () => {
  // The installation: a billsim of its own, on its own clock, with its own key.
  installation = await startCli(['--now', '2026-12-03 08:00:00', '--log-level', 'silent'], { BILLSIM_API_KEY: KEY });
});
t.teardown(() => installation.stop());

t.test('between two identical billsims nothing drifts (exit 0), and only read calls reach the installation', async (t) => {
  await fetch(`${installation.origin}/__billsim/requests`, { method: 'DELETE' });
  const run = await drift(['--against', installation.origin, '--json'], { BILLSIM_DRIFT_API_ID: 'billsim', BILLSIM_DRIFT_API_KEY: KEY });
  t.equal(run.status, 0, run.stderr);
  const report = JSON.parse(run.stdout);
  t.match(report, { against: installation.url, drifted: false });
  t.strictSame(report.summary, { checked: readCalls().length - NOT_SENT.length, drifted: 0, notChecked: NOT_SENT.length });
  t.strictSame(
    report.calls.filter((c: Json) => c.status === 'not checked').map((c: Json) => c.call),
    NOT_SENT,
  );
  const journal = (await (await fetch(`${installation.origin}/__billsim/requests?limit=1000`)).json()) as { requests: Json[] };
  const sent = [...new Set(journal.requests.map((entry) => String(entry.call)))];
  t.ok(sent.length > 40, `${sent.length} calls journaled`);
  t.strictSame(
    sent.filter((call) => operations[call]?.mutates !== false),
    [],
    'nothing that writes was sent',
  );
  t.notMatch(run.stdout + run.stderr, KEY);
  const text = await drift(['--against', installation.origin, ...credentials, '--calls', 'getClients,getClientDetails']);
  t.equal(text.status, 0);
  t.match(
    text.stdout,
    /^billsim drift against http:\/\/127\.0\.0\.1:\d+\/admin\/api\.php\n\nNo drift \(2\): getClients, getClientDetails\n\n2 checked, 0 drifted, 0 not checked\.\n$/,
  );
});

t.test('an upstream that drifts on purpose: each planted difference is found, nothing else (exit 1)', async (t) => {
  const upstream = await driftingUpstream(t, installation, {
    // a key added to every listed client
    getClients: (json) => ({ ...json, clients: (json.clients as Json[]).map((c) => ({ ...c, status: 'Active' })) }),
    // a key missing
    getInvoiceDetails: (json) => {
      const { status, ...invoice } = json.invoice as Json;
      void status;
      return { ...json, invoice };
    },
    // a number where a string was
    getClientDetails: (json) => ({ ...json, client: { ...(json.client as Json), id: Number((json.client as Json).id) } }),
    // keys reordered: the envelope's before the call's own
    getCurrencies: ({ success, call, server_time, ...rest }) => ({ success, call, server_time, ...rest }),
    // an HTML page where the API should answer
    getHostBillversion: (_json, response) => {
      response.writeHead(502, { 'content-type': 'text/html' });
      response.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
      return undefined;
    },
    // a refusal quoting the key: not a difference, and the key is not printed
    getPaymentModules: (json) => ({
      success: false,
      call: json.call,
      server_time: json.server_time,
      error: [`key ${KEY} may not list modules`],
    }),
  });
  const run = await drift(['--against', upstream, ...credentials, '--json', '--retries', '0']);
  t.equal(run.status, 1, run.stderr);
  const report = JSON.parse(run.stdout);
  t.equal(report.drifted, true);
  const drifted = report.calls.filter((c: Json) => c.status === 'drifted').map((c: Json) => [c.call, c.differences]);
  const clients = (await (
    await fetch(installation.url, { method: 'POST', body: new URLSearchParams({ call: 'getClients', api_id: 'billsim', api_key: KEY }) })
  ).json()) as { clients: unknown[] };
  t.strictSame(drifted, [
    ['getClientDetails', [{ path: 'client.id', kind: 'type', expected: 'string', found: 'integer', count: 1 }]],
    ['getClients', [{ path: 'clients[0].status', kind: 'added', expected: 'absent', found: 'string', count: clients.clients.length }]],
    [
      'getCurrencies',
      [
        {
          path: '',
          kind: 'order',
          expected: 'success, main, currencies, call, server_time',
          found: 'success, call, server_time, main, currencies',
          count: 1,
        },
      ],
    ],
    ['getHostBillversion', [{ path: '', kind: 'answer', expected: "the API's JSON", found: 'an HTML page (HTTP 502)', count: 1 }]],
    ['getInvoiceDetails', [{ path: 'invoice.status', kind: 'missing', expected: 'present', found: 'absent', count: 1 }]],
  ]);
  t.strictSame(
    report.calls.filter((c: Json) => c.status === 'not checked').map((c: Json) => c.call),
    ['getPaymentModules', ...NOT_SENT].sort((a, b) => a.localeCompare(b)),
  );
  t.match(run.stdout, 'the installation refused it: key **** may not list modules');
  t.notMatch(run.stdout + run.stderr, KEY);
  const text = await drift(['--against', upstream, ...credentials, '--calls', 'getClientDetails']);
  t.equal(text.status, 1);
  t.match(text.stdout, /getClientDetails \(id=\d+\): 1 difference\n {2}type {6}client\.id: integer where billsim has string\n/);
});

t.test('usage and connection errors: exit 2 with one line saying why, never the key', async (t) => {
  const upstream = await driftingUpstream(t, installation, {});
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  const cases: [string[], RegExp][] = [
    [
      ['--against', installation.origin, '--api-id', 'billsim', '--api-key', `${KEY}-wrong`],
      /^billsim drift: the installation refused the credentials: Authentication failed: invalid api_id or api_key\n$/,
    ],
    [
      ['--against', `http://127.0.0.1:${port}`, ...credentials, '--retries', '0'],
      /^billsim drift: cannot reach http:\/\/127\.0\.0\.1:\d+\/admin\/api\.php: ECONNREFUSED\n$/,
    ],
    [
      ['--against', `${upstream}/client/index.php`, ...credentials],
      /^billsim drift: .* answered getAPIMethods with an HTML page \(HTTP 200\), not the API's JSON/,
    ],
    [
      ['--against', installation.origin, '--api-id', 'billsim'],
      /^billsim drift: --api-key is required: its API key \(or BILLSIM_DRIFT_API_KEY\) \(see billsim drift --help\)\n$/,
    ],
    [
      [...credentials, '--against', installation.origin, '--calls', 'addClient'],
      /--calls: addClient changes data; drift sends read calls only/,
    ],
  ];
  for (const [args, message] of cases) {
    const run = await drift(args);
    t.equal(run.status, 2, args.join(' '));
    t.match(run.stderr, message);
    t.equal(run.stdout, '');
    t.notMatch(run.stderr, KEY);
  }
  const help = await drift(['--help']);
  t.equal(help.status, 0);
  t.match(help.stdout, /^Usage: billsim drift --against <url>/);
});
