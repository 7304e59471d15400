// `billsim import` against installations as messy as real ones: an address
// that answers a JSON 404, a login page, one answer in another shape, a key
// refused for some calls, a call that never answers. Each is told apart from
// an installation, or imported as far as it can be, with its exit code and a
// report by call that names the drift command showing the difference.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t, { type Test } from 'tap';
import { runImport } from '../../src/cli/import.js';
import { installation, messyInstallation, notAnInstallation, UPSTREAM_ID, UPSTREAM_KEY } from '../helpers/installation.js';

type Row = Record<string, unknown>;

function outDir(t: Test): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-hostile-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  return path.join(dir, 'world');
}

async function importFrom(from: string, out: string, more: string[] = [], key = UPSTREAM_KEY, id = UPSTREAM_ID) {
  let stdout = '';
  let stderr = '';
  const writer = (add: (text: string) => void) => ({
    write: (text: string) => {
      add(text);
      return true;
    },
  });
  const io = { out: writer((text) => (stdout += text)), err: writer((text) => (stderr += text)) } as unknown as Parameters<
    typeof runImport
  >[2];
  const status = await runImport(
    ['--from', from, '--api-id', id, '--out', out, '--retries', '0', ...more],
    { BILLSIM_IMPORT_API_KEY: key },
    io,
  );
  return { status, stdout, stderr };
}

const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Row[];

t.test('an address that answers a JSON 404: exit 2 naming the address and what came back; nothing written', async (t) => {
  const body = JSON.stringify({ message: 'Route POST:/foo/admin/api.php not found', error: 'Not Found', statusCode: 404 });
  const origin = await notAnInstallation(t, 404, 'application/json', body);
  const out = outDir(t);
  const result = await importFrom(`${origin}/foo`, out);
  t.strictSame(result, {
    status: 2,
    stdout: '',
    stderr: `billsim import: ${origin}/foo/admin/api.php answered getAPIMethods with HTTP 404 and JSON that is not the API's envelope (success, call, server_time): ${JSON.stringify(body)}; is this the installation's address (its admin/api.php)?\n`,
  });
  t.notOk(fs.existsSync(out), 'no folder');
});

t.test('a login page: exit 2, the address is not the API', async (t) => {
  const origin = await notAnInstallation(t, 200, 'text/html', '<!doctype html><title>Sign in</title>');
  const out = outDir(t);
  const result = await importFrom(origin, out);
  t.strictSame(result, {
    status: 2,
    stdout: '',
    stderr: `billsim import: ${origin}/admin/api.php answered getAPIMethods with an HTML page (HTTP 200), not the API's JSON: is this the admin/api.php address?\n`,
  });
  t.notOk(fs.existsSync(out));
});

/** The installation with getCurrencies' rates as numbers and getNews answering a PHP error in text. */
async function reshaped(t: Test) {
  const { upstream } = await installation(t);
  return messyInstallation(t, upstream, (call, answer) => {
    if (call === 'getNews') return { type: 'text/plain', body: 'PHP Fatal error: Allowed memory size exhausted' };
    if (call !== 'getCurrencies') return undefined;
    const currencies = (answer.currencies as Row[]).map((c) => ({ ...c, rate: Number(c.rate) }));
    return { body: JSON.stringify({ ...answer, currencies }) };
  });
}

t.test('one answer in another shape, one not JSON: the rest imported, each listed by call with its drift command; exit 1', async (t) => {
  const messy = await reshaped(t);
  const out = outDir(t);
  const result = await importFrom(messy.origin, out);
  t.equal(result.status, 1, result.stderr);
  const drift = (call: string) => `billsim drift --against ${messy.origin}/admin/api.php --api-id ${UPSTREAM_ID} --calls ${call}`;
  t.equal(
    result.stderr,
    [
      `billsim import: warning: skipped getNews: ${messy.origin}/admin/api.php answered getNews with HTTP 200 and text that is not JSON: "PHP Fatal error: Allowed memory size exhausted"; ${drift('getNews')} shows what it answers`,
      `billsim import: warning: getCurrencies answered in another shape, made to fit: currencies 1 rate: number 0.9215 read as "0.9215"; currencies 2 rate: number 0.789 read as "0.7890"; currencies 3 rate: number 3.995 read as "3.9950"; ${drift('getCurrencies')} shows the difference`,
      '',
    ].join('\n'),
  );
  t.match(result.stdout, /: 11 order pages, 24 products, 7 addons, 4 currencies, .*; \d+ requests, 1 call skipped; wrote /);
  t.strictSame(
    readJson(path.join(out, 'currencies.json')).map((c) => c.rate),
    ['1.0000', '0.9215', '0.7890', '3.9950'],
    'the rates as billsim keeps them',
  );
  t.notOk(result.stderr.includes(UPSTREAM_KEY), 'the key is not shown');
});

t.test('--strict: the same installation imports nothing, exit 2', async (t) => {
  const messy = await reshaped(t);
  const out = outDir(t);
  const result = await importFrom(messy.origin, out, ['--strict']);
  t.equal(result.status, 2);
  t.equal(result.stdout, '');
  t.match(
    result.stderr,
    /^billsim import: http:\/\/127\.0\.0\.1:\d+\/admin\/api\.php answered getNews with HTTP 200 and text that is not JSON: .*\n$/,
  );
  t.notOk(fs.existsSync(out));
});

t.test('a key refused for some calls (getAPIMethods among them): what it may read is imported, the rest listed; exit 1', async (t) => {
  const { upstream } = await installation(t);
  const out = outDir(t);
  const result = await importFrom(upstream.url.origin, out, [], 'readonly-secret', 'readonly');
  t.equal(result.status, 1, result.stderr);
  t.match(
    result.stderr,
    /^billsim import: warning: skipped getAPIMethods: Access denied: call getAPIMethods is not enabled for this API key\n/,
  );
  t.match(result.stderr, /warning: skipped getProductDetails: Access denied/);
  t.notMatch(result.stderr, /credentials|drift/, 'neither refused credentials nor a drift to show');
  t.match(result.stdout, /, 4 currencies, .* calls skipped; wrote /);
});

t.test('a call that never answers: skipped after its time-out, the rest imported; exit 1', async (t) => {
  const { upstream } = await installation(t);
  const messy = await messyInstallation(t, upstream, (call) => (call === 'getAddons' ? 'hang' : undefined));
  const out = outDir(t);
  const result = await importFrom(messy.origin, out, ['--timeout', '2000']);
  t.equal(result.status, 1, result.stderr);
  t.match(
    result.stderr,
    `billsim import: warning: skipped getAddons: ${messy.origin}/admin/api.php did not answer getAddons within 2000 ms; billsim drift`,
  );
  t.ok(readJson(path.join(out, 'products.json')).length > 0, 'the catalogue is written');
});
