// Soak test (not part of `npm test`; run `npm run test:soak`): starts the built
// server as a child process, drives mixed load for SOAK_SECONDS (default 60)
// with SOAK_CONCURRENCY requests in flight (default 16), samples the server's
// resident memory (VmRSS) every second, and fails when the end (the lowest
// sample of the last 20 s, after V8's last major collection) is more than
// SOAK_MAX_GROWTH (default 20%) above the warm-up (the samples at SOAK_WARMUP,
// default 10 s). The load: reads and mutations, a new session every few
// requests (so sessions keep being created), request journals filling up,
// error answers, large parameters, control routes.
import fs from 'node:fs';
import { startCli, type Running } from '../helpers/process.js';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const WARMUP = Number(process.env.SOAK_WARMUP ?? 10);
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 16);
const MAX_GROWTH = Number(process.env.SOAK_MAX_GROWTH ?? 0.2);
const END_WINDOW = Math.min(20, SECONDS - WARMUP);
const REQUESTS_PER_SESSION = 25;
const AUTH = { api_id: 'billsim', api_key: 'billsim-secret' };

function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  if (!match) throw new Error('no VmRSS in /proc status');
  return Number(match[1]);
}

// A small deterministic generator, so that two runs drive the same load.
let seed = 42;
function random(): number {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

type Params = Record<string, string>;

const READS: Array<() => [string, Params]> = [
  () => ['getClients', { perpage: '50' }],
  () => ['getClientDetails', { id: String(int(1, 11)) }],
  () => ['getEstimateDetails', { id: String(int(1, 4)) }],
  () => ['getInvoices', { list: pick(['all', 'unpaid', 'paid']) }],
  () => ['getInvoiceDetails', { id: String(int(1, 12)) }],
  () => ['getProducts', { id: String(int(1, 5)) }],
  () => ['getProductDetails', { id: String(int(1, 24)), currency_id: String(int(0, 3)) }],
  () => ['getAccounts', {}],
  () => ['getOrderDraft', { id: String(int(1, 3)) }],
  () => ['getCurrencies', {}],
  () => ['getTransactions', { client_id: '1' }],
  () => ['getOtherPopularProducts', { 'product_ids[]': String(int(1, 9)) }],
];

let counter = 0;
const MUTATIONS: Array<() => [string, Params]> = [
  () => ['bulkAddProducts', { 'products[0][copyof]': String(int(1, 19)), 'products[0][name]': 'Soak' }],
  () => [
    'editEstimateDetails',
    { id: String(int(1, 4)), subject: `Soak ${counter}`, 'newitem[0][description]': 'Line', 'newitem[0][amount]': '9.99' },
  ],
  () => ['editEstimateDetails', { id: '1', notes: 'n'.repeat(20_000) }],
  () => [
    'addClientContact',
    { id: '1', firstname: 'Soak', lastname: 'User', email: `soak${counter++}@example.com`, password: 'pw', password2: 'pw' },
  ],
  () => ['tokenizeClientCard', { client_id: '1', gateway_id: '1', token: `tok_${counter++}` }],
  () => ['editOrderDraftItem', { id: '1', service: '2', qty: String(int(1, 3)) }],
  () => ['addAddonToAccount', { account_id: '1', addon_id: '2', invoice: 'true' }],
];

const ERRORS: Array<() => [string, Params]> = [
  () => ['getClientDetails', { id: '9999' }],
  () => ['bulkAddProducts', { 'products[0][copyof]': 'x' }],
  () => ['getClients', { [`a${'[x]'.repeat(12)}`]: '1' }],
  () => [`getNoSuchCall${counter++}`, {}], // invented call names: each would be a new coverage entry
  () => ['editEstimateDetails', { id: '1', 'newitem[0][amount]': '1', 'newitem[0][description]': 'd'.repeat(50_000), taxrate: '500' }],
];

interface Stats {
  requests: number;
  successes: number;
  errors: number;
  failures: string[];
  sessions: number;
}

async function apiCall(server: Running, session: string, call: string, params: Params, stats: Stats): Promise<void> {
  const body = new URLSearchParams({ call, ...AUTH, ...params });
  const response = await fetch(server.url, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-billsim-session': session },
  });
  const text = await response.text();
  stats.requests++;
  let parsed: { success?: unknown } | undefined;
  try {
    parsed = JSON.parse(text) as { success?: unknown };
  } catch {
    // recorded below
  }
  if (response.status !== 200 || typeof parsed?.success !== 'boolean') {
    if (stats.failures.length < 10) stats.failures.push(`${call}: HTTP ${response.status} ${text.slice(0, 200)}`);
    return;
  }
  if (parsed.success) stats.successes++;
  else stats.errors++;
}

async function control(server: Running, method: string, route: string, session: string): Promise<void> {
  const response = await fetch(`${server.origin}/__billsim/${route}`, { method, headers: { 'x-billsim-session': session } });
  await response.arrayBuffer();
}

async function worker(server: Running, deadline: number, stats: Stats): Promise<void> {
  let session = '';
  let used = REQUESTS_PER_SESSION;
  while (Date.now() < deadline) {
    if (used >= REQUESTS_PER_SESSION) {
      session = `soak-${stats.sessions++}`;
      used = 0;
    }
    used++;
    const roll = random();
    try {
      if (roll < 0.5) await apiCall(server, session, ...pick(READS)(), stats);
      else if (roll < 0.8) await apiCall(server, session, ...pick(MUTATIONS)(), stats);
      else if (roll < 0.95) await apiCall(server, session, ...pick(ERRORS)(), stats);
      else if (roll < 0.96) await apiCall(server, 'default', ...pick(MUTATIONS)(), stats);
      else if (roll < 0.97) await apiCall(server, 'default', ...pick(ERRORS)(), stats);
      else if (roll < 0.98) await control(server, 'GET', 'requests?limit=50', session);
      else if (roll < 0.99) await control(server, 'POST', `snapshots/s${int(1, 3)}`, session);
      else await control(server, 'POST', 'reset', 'default');
    } catch (error) {
      if (stats.failures.length < 10) stats.failures.push(`transport: ${(error as Error).message}`);
    }
  }
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

async function main(): Promise<void> {
  // The session cap is the bound under test: a suite that names a new session per
  // test keeps creating them. 200 keeps the run short; memory scales with the cap.
  const server = await startCli(['--log-level', 'silent', '--max-sessions', process.env.SOAK_MAX_SESSIONS ?? '200']);
  const pid = server.proc.pid!;
  const started = Date.now();
  const deadline = started + SECONDS * 1000;
  const stats: Stats = { requests: 0, successes: 0, errors: 0, failures: [], sessions: 0 };
  const samples: Array<{ at: number; rssKb: number; requests: number }> = [];
  const sampler = setInterval(() => {
    samples.push({ at: (Date.now() - started) / 1000, rssKb: rssKb(pid), requests: stats.requests });
  }, 1000);
  try {
    await Promise.all(Array.from({ length: CONCURRENCY }, () => worker(server, deadline, stats)));
  } finally {
    clearInterval(sampler);
  }
  samples.push({ at: (Date.now() - started) / 1000, rssKb: rssKb(pid), requests: stats.requests });
  const health = (await (await fetch(`${server.origin}/__billsim/health`)).json()) as { sessions: number };
  const code = await server.stop('SIGTERM');

  // RSS saws up and down with V8's major collections (about every 30 s under this load), so the end is
  // the floor of the last END_WINDOW seconds: what is still held after a collection. A leak raises the floor.
  const warm = median(samples.filter((s) => s.at >= WARMUP && s.at < WARMUP + 3).map((s) => s.rssKb));
  const end = Math.min(...samples.filter((s) => s.at >= SECONDS - END_WINDOW).map((s) => s.rssKb));
  const growth = end / warm - 1;
  const peak = Math.max(...samples.map((s) => s.rssKb));
  const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;
  console.log(
    `soak: ${SECONDS} s, ${CONCURRENCY} in flight, ${stats.requests} API requests (${Math.round(stats.requests / SECONDS)}/s): ` +
      `${stats.successes} successes, ${stats.errors} error answers, ${stats.sessions} sessions used, ${health.sessions} held at the end`,
  );
  console.log(
    `rss: warm-up (${WARMUP} s) ${mb(warm)}, end (floor of the last ${END_WINDOW} s) ${mb(end)}, peak ${mb(peak)}, growth ${(growth * 100).toFixed(1)}% (limit ${MAX_GROWTH * 100}%)`,
  );
  console.log(
    `rss by time: ${samples
      .filter((_, i) => i % 5 === 0)
      .map((s) => `${Math.round(s.at)}s=${mb(s.rssKb)}`)
      .join(' ')}`,
  );
  const problems: string[] = [];
  if (stats.failures.length > 0) problems.push(`answers that were not the JSON envelope:\n  ${stats.failures.join('\n  ')}`);
  if (growth > MAX_GROWTH) problems.push(`memory grew ${(growth * 100).toFixed(1)}% after the warm-up (limit ${MAX_GROWTH * 100}%)`);
  if (code !== 0) problems.push(`the server exited with ${code} on SIGTERM`);
  if (problems.length > 0) {
    console.error(`soak FAILED:\n${problems.join('\n')}`);
    process.exit(1);
  }
  console.log('soak passed');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
