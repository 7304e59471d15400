// npm run bench:door [-- --duration S] [--rounds N] [--connections N] [--json FILE]
// The customer's door against the staff's, side by side in one run on the
// built server: an authenticated GET /api/invoice (Alice's invoices, a bearer
// token) and getClientInvoices for the same client (api_id and api_key),
// rounds alternating so other load on the machine lands on both alike. The
// ratio is what counts (issue target: the door within 1.5x of the Admin call);
// --json writes it for `npm run bench`'s table (bench/child-targets.ts).
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { CREDENTIALS, load, type LoadResult } from './measure.js';
import { startBillsim } from './servers.js';

const { values: opts } = parseArgs({
  options: {
    duration: { type: 'string' },
    rounds: { type: 'string' },
    connections: { type: 'string' },
    json: { type: 'string' },
  },
});
const DURATION = Number(opts.duration ?? 3);
const ROUNDS = Number(opts.rounds ?? 3);
const CONNECTIONS = Number(opts.connections ?? 10);

const server = await startBillsim({ args: ['--now', '2026-11-20 12:00:00'] });
try {
  const origin = new URL(server.url).origin;
  const login = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'alice@morgan-design.com', password: 'billsim-client' }),
  });
  const { token } = (await login.json()) as { token: string };
  const door = { method: 'GET' as const, path: '/api/invoice', headers: { authorization: `Bearer ${token}` } };
  const query = new URLSearchParams({ call: 'getClientInvoices', id: '1', ...CREDENTIALS }).toString();
  const admin = { method: 'GET' as const, path: `/admin/api.php?${query}`, headers: {} };
  // Both answer the same invoices: checked once, so the ratio compares like with like.
  const doorAnswer = (await (await fetch(`${origin}${door.path}`, { headers: door.headers })).json()) as { invoices: unknown[] };
  const adminAnswer = (await (await fetch(`${origin}${admin.path}`)).json()) as { invoices: unknown[] };
  if (doorAnswer.invoices?.length !== adminAnswer.invoices?.length) throw new Error('the two doors answer different invoice lists');
  await load(origin, door, CONNECTIONS, 1); // warm up
  await load(origin, admin, CONNECTIONS, 1);
  const runs: { door: LoadResult; admin: LoadResult }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const a = await load(origin, admin, CONNECTIONS, DURATION);
    const d = await load(origin, door, CONNECTIONS, DURATION);
    if (a.failures || d.failures) throw new Error(`failures: admin ${a.failures}, door ${d.failures}`);
    runs.push({ door: d, admin: a });
  }
  const load1 = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  console.log(`cores ${os.availableParallelism()}, load ${load1}, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s`);
  for (const [i, run] of runs.entries()) {
    console.log(
      `round ${i + 1}: getClientInvoices ${run.admin.rps.toFixed(0)} req/s (p50 ${run.admin.p50} ms), GET /api/invoice ${run.door.rps.toFixed(0)} req/s (p50 ${run.door.p50} ms): admin/door ${(run.admin.rps / run.door.rps).toFixed(2)}x`,
    );
  }
  const sum = (pick: (run: (typeof runs)[number]) => number) => runs.reduce((total, run) => total + pick(run), 0);
  const ratio = sum((run) => run.admin.rps) / sum((run) => run.door.rps);
  console.log(`the door costs ${ratio.toFixed(2)}x the Admin call (target: within 1.5x): ${ratio <= 1.5 ? 'met' : 'not met'}`);
  if (opts.json) fs.writeFileSync(opts.json, `${JSON.stringify({ ratio })}\n`);
} finally {
  await server.stop();
}
