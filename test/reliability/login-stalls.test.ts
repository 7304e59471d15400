// Password hashing runs in the thread pool: one client looping logins against
// a real server leaves another client's cheap reads at least half the
// throughput they had alone. Both are measured in the same run, as a ratio,
// so a slower or busier machine moves both alike.
import t from 'tap';
import { startCli } from '../helpers/process.js';

const AUTH = 'api_id=billsim&api_key=billsim-secret';
const WINDOW_MS = 2_000;

/** Requests of `query` answered one after another until `until` (ms since epoch); how many succeeded. */
async function loop(url: string, query: string, until: number, ok: (body: { success: boolean }) => boolean): Promise<number> {
  let count = 0;
  while (Date.now() < until) {
    const body = (await (await fetch(`${url}?${query}&${AUTH}`)).json()) as { success: boolean };
    if (!ok(body)) throw new Error(`unexpected answer to ${query}: ${JSON.stringify(body)}`);
    count++;
  }
  return count;
}

const reads = (url: string, until: number) => loop(url, 'call=getCurrencies', until, (body) => body.success);

t.test('a login loop leaves another client at least half its read throughput', async (t) => {
  const server = await startCli(['--log-level', 'silent']);
  t.teardown(() => server.stop());
  // Warm up both paths (JIT, the kept answer, the thread pool).
  await reads(server.url, Date.now() + 300);

  const alone = await reads(server.url, Date.now() + WINDOW_MS);
  const until = Date.now() + WINDOW_MS;
  // A wrong password is never a kept answer: every request runs scrypt.
  const [during, logins] = await Promise.all([
    reads(server.url, until),
    loop(server.url, 'call=verifyClientLogin&email=alice@morgan-design.com&password=not-hers', until, (body) => !body.success),
  ]);
  t.comment(`reads alone ${alone}, during ${logins} logins ${during} (ratio ${(during / alone).toFixed(2)})`);
  t.ok(logins >= 5, `the login loop ran (${logins})`);
  t.ok(during >= alone / 2, `reads during the login loop (${during}) at least half of alone (${alone})`);
});
