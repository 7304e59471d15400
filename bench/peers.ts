// npm run bench:peers [-- --duration S] [--rounds N] [--connections N]
// billsim next to the mock servers a user would pick instead, in one run:
// WireMock, Mockoon CLI, Prism and json-server, each serving billsim's own
// recorded answers as a static stub configured the way their users configure
// one, plus the node:http and bare-Fastify references of bench/run.ts. Rounds
// alternate between the servers, so a burst of other load lands on all alike.
// The peers are installed on first use into a cache folder under the temp dir,
// never into the project's dependencies. Not run in CI.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT, startBillsim, startReference, type Server } from './servers.js';
import { load, median, recordAnswers, request, type Call, type Request } from './measure.js';
import { CALLS } from './calls.js';

const { values: opts } = parseArgs({
  options: { duration: { type: 'string' }, rounds: { type: 'string' }, connections: { type: 'string' } },
});
const DURATION = Number(opts.duration ?? 5);
const ROUNDS = Number(opts.rounds ?? 3);
const CONNECTIONS = Number(opts.connections ?? 10);
const WARMUP = 2;
/**
 * A JVM answers faster once its JIT has compiled the hot paths, and on a busy
 * machine that takes long: WireMock gets this warm-up on every call first.
 */
const JVM_WARMUP = 15;
const TARGET = 2.5;

const CACHE = path.join(os.tmpdir(), 'billsim-bench-peers');
const PACKAGES: Record<string, string> = {
  wiremock: '3.13.2',
  '@mockoon/cli': '9.9.0',
  '@stoplight/prism-cli': '5.16.0',
  'json-server': '0.17.4',
};
// Peers serve static answers to GET requests, so the read calls by GET are compared.
const READS = CALLS.filter((call) => !call.mutates);
const API = '/admin/api.php';

function installed(name: string): string | undefined {
  const file = path.join(CACHE, 'node_modules', name, 'package.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version : undefined;
}

/** Installs the peers into the cache folder unless the right versions are there. */
function install(): void {
  const missing = Object.entries(PACKAGES).filter(([name, version]) => installed(name) !== version);
  if (missing.length === 0) return;
  fs.mkdirSync(CACHE, { recursive: true });
  const manifest = path.join(CACHE, 'package.json');
  if (!fs.existsSync(manifest)) fs.writeFileSync(manifest, '{ "name": "billsim-bench-peers", "private": true }\n');
  process.stdout.write(`installing ${missing.map(([n, v]) => `${n}@${v}`).join(', ')} into ${CACHE}\n`);
  const specs = Object.entries(PACKAGES).map(([name, version]) => `${name}@${version}`);
  const done = spawnSync('npm', ['install', '--prefix', CACHE, '--no-audit', '--no-fund', ...specs], { stdio: 'inherit' });
  if (done.status !== 0) throw new Error(`npm install of the peers failed (exit ${done.status})`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The answers as each peer's users would write a stub for them, in a folder of their own. */
function writeStubs(dir: string, answers: Record<string, object>, port: number): Record<string, string> {
  const file = (name: string, content: unknown) => {
    const at = path.join(dir, name);
    fs.mkdirSync(path.dirname(at), { recursive: true });
    fs.writeFileSync(at, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
    return at;
  };
  for (const [call, answer] of Object.entries(answers)) {
    file(`wiremock/mappings/${call}.json`, {
      request: { method: 'GET', urlPath: API, queryParameters: { call: { equalTo: call } } },
      response: { status: 200, headers: { 'Content-Type': 'application/json' }, jsonBody: answer },
    });
  }
  // One route, one response per call chosen by a rule on the query, as Mockoon's editor makes them.
  const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const responses = Object.entries(answers).map(([call, answer], i) => ({
    uuid: id(i + 2),
    body: JSON.stringify(answer),
    statusCode: 200,
    label: call,
    headers: [{ key: 'Content-Type', value: 'application/json' }],
    rules: [{ target: 'query', modifier: 'call', value: call, invert: false, operator: 'equals' }],
    rulesOperator: 'OR',
    disableTemplating: true,
    default: i === 0,
  }));
  const mockoon = file('mockoon.json', {
    uuid: id(0),
    lastMigration: 33,
    name: 'billsim answers',
    port,
    hostname: '127.0.0.1',
    routes: [{ uuid: id(1), type: 'http', method: 'get', endpoint: API.slice(1), responses }],
    rootChildren: [{ type: 'route', uuid: id(1) }],
  });
  // One operation with a named example per call, chosen with `Prefer: example=<call>` as Prism documents.
  const examples = Object.fromEntries(Object.entries(answers).map(([call, answer]) => [call, { value: answer }]));
  const prism = file('openapi.json', {
    openapi: '3.0.3',
    info: { title: 'billsim answers', version: '1' },
    paths: {
      [API]: {
        get: {
          parameters: [{ name: 'call', in: 'query', required: true, schema: { type: 'string' } }],
          responses: { 200: { description: 'the answer', content: { 'application/json': { schema: { type: 'object' }, examples } } } },
        },
      },
    },
  });
  // Each answer a singular resource, and the endpoint rewritten to it (json-server's --routes).
  const db = file('json-server/db.json', answers);
  const routes = file('json-server/routes.json', { [`${API}\\?call=:call&*`]: '/:call' });
  return { wiremock: path.join(dir, 'wiremock'), mockoon, prism, db, routes };
}

interface Peer {
  name: string;
  port: number;
  command: string[];
  /** Extra request headers the peer needs to pick the answer. */
  headers?: (call: string) => Record<string, string>;
  warmUp?: number;
}

/** WireMock first: the target is stated against it. */
function peers(stubs: Record<string, string>, ports: Record<string, number>): Peer[] {
  const bin = (name: string) => path.join(CACHE, 'node_modules', '.bin', name);
  return [
    {
      name: 'WireMock 3.13 (static stub, journal off)',
      port: ports.wiremock,
      command: [
        bin('wiremock'),
        '--port',
        String(ports.wiremock),
        '--bind-address',
        '127.0.0.1',
        '--root-dir',
        stubs.wiremock,
        '--no-request-journal',
        '--disable-banner',
      ],
      warmUp: JVM_WARMUP,
    },
    {
      name: 'Prism 5.16 (static example)',
      port: ports.prism,
      command: [bin('prism'), 'mock', stubs.prism, '--port', String(ports.prism), '--host', '127.0.0.1'],
      headers: (call) => ({ prefer: `example=${call}` }),
    },
    {
      name: 'json-server 0.17',
      port: ports.json,
      command: [bin('json-server'), '--port', String(ports.json), '--host', '127.0.0.1', '--routes', stubs.routes, stubs.db],
    },
    {
      name: 'Mockoon CLI 9.9',
      port: ports.mockoon,
      command: [bin('mockoon-cli'), 'start', '--data', stubs.mockoon, '--port', String(ports.mockoon), '--disable-log-to-file'],
    },
  ];
}

interface Running {
  name: string;
  origin: string;
  headers?: (call: string) => Record<string, string>;
  warmUp?: number;
  stop(): Promise<void>;
}

function fromServer(name: string, server: Server): Running {
  return { name, origin: new URL(server.url).origin, stop: () => server.stop() };
}

/** Starts a peer in its own process group and waits until it answers getCurrencies. */
async function startPeer(peer: Peer): Promise<Running> {
  const [command, ...args] = peer.command;
  const child: ChildProcess = spawn(command, args, { cwd: CACHE, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr = `${stderr}${chunk}`.slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running: Running = {
    name: peer.name,
    origin: `http://127.0.0.1:${peer.port}`,
    headers: peer.headers,
    warmUp: peer.warmUp,
    stop: async () => {
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
      await exited;
    },
  };
  const deadline = Date.now() + 90_000;
  const first = READS[0];
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${peer.name} exited (${child.exitCode}): ${stderr.trim()}`);
    try {
      const res = await fetch(`${running.origin}${request(API, first, 'GET', 'peers').path}`, { headers: peer.headers?.(first.name) });
      if (res.ok) return running;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  await running.stop();
  throw new Error(`${peer.name} did not answer within 90 s: ${stderr.trim()}`);
}

function requestFor(server: Running, call: Call): Request {
  const req = request(API, call, 'GET', 'peers');
  return { ...req, headers: { ...req.headers, ...server.headers?.(call.name) } };
}

/** Fails unless the server sends the recorded answer (billsim's own server_time aside). */
async function checkAnswer(server: Running, call: Call, expected: Record<string, unknown>): Promise<void> {
  const req = requestFor(server, call);
  const res = await fetch(`${server.origin}${req.path}`, { headers: req.headers });
  const body = (await res.json()) as Record<string, unknown>;
  const same = (a: Record<string, unknown>) => JSON.stringify({ ...a, server_time: 0 });
  if (res.status !== 200 || same(body) !== same(expected)) {
    throw new Error(`${server.name} answers ${call.name} with ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  }
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ')).join('\n');
}

install();
const loadBefore = os.loadavg()[0];
process.stdout.write(
  `billsim bench:peers: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s per server and call, node ${process.version}, ${os.cpus().length} CPUs, load average ${loadBefore.toFixed(2)}\n\n`,
);
const billsim = await startBillsim();
const { file, answers } = await recordAnswers(billsim.url, READS);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-peers-stubs-'));
const ports = { wiremock: await freePort(), prism: await freePort(), json: await freePort(), mockoon: await freePort() };
const stubs = writeStubs(dir, answers, ports.mockoon);
const servers: Running[] = [
  fromServer('bare node:http sending the recorded bytes (the limit)', await startReference('node', file)),
  fromServer('bare Fastify 5, reply.send(object)', await startReference('fastify', file)),
  fromServer('billsim', billsim),
];
try {
  for (const peer of peers(stubs, ports)) servers.push(await startPeer(peer));
  for (const server of servers) for (const call of READS) await checkAnswer(server, call, answers[call.name]);
  const rps = new Map<string, number[]>();
  const key = (server: Running, call: Call) => `${server.name}\u0000${call.name}`;
  for (const server of servers) {
    for (const call of READS) if (server.warmUp) await load(server.origin, requestFor(server, call), CONNECTIONS, server.warmUp);
  }
  for (let round = 0; round < ROUNDS; round++) {
    // Each round starts with another server, so none always runs first or last.
    const order = servers.map((_, i) => servers[(i + round) % servers.length]);
    for (const call of READS) {
      for (const server of order) {
        const req = requestFor(server, call);
        if (round === 0) await load(server.origin, req, CONNECTIONS, WARMUP);
        const result = await load(server.origin, req, CONNECTIONS, DURATION);
        if (result.failures > 0) throw new Error(`${server.name} failed ${result.failures} requests of ${call.name}`);
        rps.set(key(server, call), [...(rps.get(key(server, call)) ?? []), result.rps]);
      }
    }
  }
  const rate = (server: Running, call: Call) => median(rps.get(key(server, call))!);
  const bytes = (call: Call) => `${Buffer.byteLength(JSON.stringify(answers[call.name])).toLocaleString('en-US')} B`;
  const label = (call: Call) => [call.name, ...Object.entries(call.params).map(([k, v]) => `${k}=${v}`), `(${bytes(call)})`].join(' ');
  const header = ['server', ...READS.map(label)];
  const rows = [header, ...servers.map((server) => [server.name, ...READS.map((call) => rate(server, call).toFixed(0))])];
  process.stdout.write(`${table(rows)}\n(req/s, median of ${ROUNDS} rounds; every server answers the same bytes for the same GET)\n\n`);
  const [node, , ours, wiremock] = servers;
  // Each round's ratio, then the median: a round slowed by other load counts for both servers alike.
  const paired = (a: Running, b: Running, call: Call) => {
    const mine = rps.get(key(a, call))!;
    const theirs = rps.get(key(b, call))!;
    return median(mine.map((value, round) => value / theirs[round]));
  };
  const verdicts = [['call', 'billsim vs node:http', 'billsim vs WireMock', 'WireMock by round (req/s)', 'target', '']];
  for (const call of READS) {
    const times = paired(ours, wiremock, call);
    verdicts.push([
      call.name,
      `${(100 * paired(ours, node, call)).toFixed(0)}%`,
      `x${times.toFixed(2)}`,
      rps
        .get(key(wiremock, call))!
        .map((v) => v.toFixed(0))
        .join(', '),
      `>= x${TARGET}`,
      times >= TARGET ? 'pass' : 'short',
    ]);
  }
  process.stdout.write(`${table(verdicts)}\n(ratios: median of the rounds' ratios)\n`);
  const results = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    loadavg: { before: loadBefore, after: os.loadavg()[0] },
    connections: CONNECTIONS,
    duration: DURATION,
    rounds: ROUNDS,
    rps: Object.fromEntries(servers.map((s) => [s.name, Object.fromEntries(READS.map((c) => [c.name, rps.get(key(s, c))]))])),
  };
  fs.writeFileSync(path.join(ROOT, 'bench', 'results', 'peers.json'), `${JSON.stringify(results, null, 2)}\n`);
  process.stdout.write('wrote bench/results/peers.json\n');
} finally {
  for (const server of servers) await server.stop();
  fs.rmSync(file, { force: true });
  fs.rmSync(dir, { recursive: true, force: true });
}
