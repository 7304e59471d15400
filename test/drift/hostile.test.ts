// `billsim drift` against installations as messy as real ones: an address
// that answers a JSON 404 or a login page is no installation (exit 2, naming
// what came back); an answer in another shape drifts (exit 1); a key refused
// for some calls, getAPIMethods among them, lists those calls as not checked;
// a call that never answers is not checked either.
import t, { type Test } from 'tap';
import { drift } from '../../src/cli/drift.js';
import { installation, messyInstallation, notAnInstallation, UPSTREAM_ID, UPSTREAM_KEY } from '../helpers/installation.js';

type Row = Record<string, unknown>;

async function run(origin: string, more: string[], key = UPSTREAM_KEY, id = UPSTREAM_ID) {
  let stdout = '';
  let stderr = '';
  const status = await drift(
    ['--against', origin, '--api-id', id, '--retries', '0', ...more],
    { BILLSIM_DRIFT_API_KEY: key },
    { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) },
  );
  return { status, stdout, stderr };
}

t.test('an address that answers a JSON 404 is no installation: exit 2 naming it and what came back', async (t) => {
  const body = JSON.stringify({ message: 'Route POST:/foo/admin/api.php not found', error: 'Not Found', statusCode: 404 });
  const origin = await notAnInstallation(t, 404, 'application/json', body);
  t.strictSame(await run(`${origin}/foo`, ['--calls', 'getCurrencies,getClients']), {
    status: 2,
    stdout: '',
    stderr: `billsim drift: ${origin}/foo/admin/api.php answered getAPIMethods with HTTP 404 and JSON that is not the API's envelope (success, call, server_time): ${JSON.stringify(body)}; is this the installation's address (its admin/api.php)?\n`,
  });
});

t.test('a login page: exit 2', async (t) => {
  const origin = await notAnInstallation(t, 200, 'text/html; charset=utf-8', '<html><title>Sign in</title></html>');
  t.strictSame(await run(origin, []), {
    status: 2,
    stdout: '',
    stderr: `billsim drift: ${origin}/admin/api.php answered getAPIMethods with an HTML page (HTTP 200), not the API's JSON: is this the admin/api.php address?\n`,
  });
});

async function reshaped(t: Test) {
  const { upstream } = await installation(t);
  return messyInstallation(t, upstream, (call, answer) => {
    if (call === 'getNews') return { type: 'text/plain', body: 'PHP Fatal error: Allowed memory size exhausted' };
    if (call !== 'getCurrencies') return undefined;
    return { body: JSON.stringify({ ...answer, currencies: (answer.currencies as Row[]).map((c) => ({ ...c, rate: Number(c.rate) })) }) };
  });
}

t.test('an answer in another shape and one that is not JSON drift: exit 1, each with its path', async (t) => {
  const messy = await reshaped(t);
  const result = await run(messy.origin, ['--calls', 'getCurrencies,getNews,getOrderPages']);
  t.equal(result.status, 1);
  t.equal(result.stderr, '');
  t.equal(
    result.stdout,
    [
      `billsim drift against ${messy.origin}/admin/api.php`,
      '',
      'getCurrencies: 1 difference',
      '  type      currencies[0].rate: number where billsim has string (3 times)',
      '',
      'getNews: 1 difference',
      "  answer    the answer: text that is not JSON (HTTP 200) where billsim has the API's JSON",
      '',
      'No drift (1): getOrderPages',
      '',
      '3 checked, 2 drifted, 0 not checked.',
      '',
    ].join('\n'),
  );
});

t.test('a key that may not use getAPIMethods or most calls: those are not checked, the rest are; exit 0', async (t) => {
  const { upstream } = await installation(t);
  const result = await run(upstream.url.origin, ['--calls', 'getCurrencies,getNews,getOrderPages'], 'readonly-secret', 'readonly');
  t.equal(result.status, 0, result.stderr);
  t.equal(result.stderr, '');
  t.match(result.stdout, 'No drift (2): getCurrencies, getOrderPages');
  t.match(result.stdout, '  getNews: the installation refused it: Access denied: call getNews is not enabled for this API key');
  t.match(result.stdout, '2 checked, 0 drifted, 1 not checked.');
  t.notMatch(result.stdout, 'credentials');
});

t.test('a call that never answers is not checked, with its time-out; the rest are checked', async (t) => {
  const { upstream } = await installation(t);
  const messy = await messyInstallation(t, upstream, (call) => (call === 'getNews' ? 'hang' : undefined));
  const result = await run(messy.origin, ['--calls', 'getCurrencies,getNews', '--timeout', '2000']);
  t.equal(result.status, 0, result.stdout);
  t.match(result.stdout, `  getNews: no answer: ${messy.origin}/admin/api.php did not answer getNews within 2000 ms`);
  t.match(result.stdout, '1 checked, 0 drifted, 1 not checked.');
});
