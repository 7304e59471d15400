// npm run bench:logins [-- --duration S] [--rounds N] [--loops N] [--cli path/to/dist/cli.js]
// A login storm against the built server on 127.0.0.1: one client's reads a
// second (sequential getCurrencies) alone, then while --loops clients (8)
// each send verifyClientLogin one after another with a wrong password (never
// a kept answer: every one runs scrypt). Rounds alternate alone and storm, so
// other load on the machine lands on both alike; the ratio is what counts.
// Every loop ends with its window. Not run in CI (times belong here, not in tests).
import os from 'node:os';
import { parseArgs } from 'node:util';
import { startBillsim } from './servers.js';

const { values: opts } = parseArgs({
  options: { duration: { type: 'string' }, rounds: { type: 'string' }, loops: { type: 'string' }, cli: { type: 'string' } },
});
const DURATION_MS = Number(opts.duration ?? 3) * 1000;
const ROUNDS = Number(opts.rounds ?? 3);
const LOOPS = Number(opts.loops ?? 8);
const AUTH = 'api_id=billsim&api_key=billsim-secret';

/** Requests of `query` one after another until `until`; how many were answered as `ok` says. */
async function loop(url: string, query: string, until: number, ok: (body: { success: boolean }) => boolean): Promise<number> {
  let count = 0;
  while (Date.now() < until) {
    const body = (await (await fetch(`${url}?${query}&${AUTH}`)).json()) as { success: boolean };
    if (!ok(body)) throw new Error(`unexpected answer to ${query}: ${JSON.stringify(body)}`);
    count++;
  }
  return count;
}

const reads = (url: string, until: number) =>
  loop(url, 'call=getCurrencies', until, (body) => body.success).then((n) => n / (DURATION_MS / 1000));
const logins = (url: string, until: number) =>
  loop(url, 'call=verifyClientLogin&email=alice@morgan-design.com&password=not-hers', until, (body) => !body.success);

const server = await startBillsim(opts.cli ? { cli: opts.cli } : {});
try {
  await reads(server.url, Date.now() + 500); // warm up
  const alone: number[] = [];
  const during: number[] = [];
  let loginCount = 0;
  for (let round = 0; round < ROUNDS; round++) {
    alone.push(await reads(server.url, Date.now() + DURATION_MS));
    const until = Date.now() + DURATION_MS;
    const [rate, ...counts] = await Promise.all([
      reads(server.url, until),
      ...Array.from({ length: LOOPS }, () => logins(server.url, until)),
    ]);
    during.push(rate);
    loginCount += counts.reduce((a, b) => a + b, 0);
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const [a, d] = [mean(alone), mean(during)];
  console.log(
    `cores ${os.availableParallelism()}, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(`reads/s alone:  ${alone.map((r) => r.toFixed(0)).join(', ')} (mean ${a.toFixed(0)})`);
  console.log(`reads/s during ${LOOPS} login loops: ${during.map((r) => r.toFixed(0)).join(', ')} (mean ${d.toFixed(0)})`);
  console.log(
    `logins/s: ${(loginCount / ((ROUNDS * DURATION_MS) / 1000)).toFixed(1)}; reads during / alone: ${((100 * d) / a).toFixed(0)}%`,
  );
} finally {
  await server.stop();
}
