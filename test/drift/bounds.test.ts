// `billsim drift` against installations that misbehave, as the CLI runs it:
// its walk is bounded by its table (each call and parameters sent once, at
// most CANDIDATES ids tried), whatever the lists say; answers nested deeper
// than any API answer are compared without exhausting the stack; and every
// failure is one line and exit 2.
import t, { type Test } from 'tap';
import { drift } from '../../src/cli/drift.js';
import { readCalls } from '../../src/cli/drift/run.js';
import { tinyServer } from '../helpers/installation.js';

type Answer = (call: string, params: URLSearchParams) => unknown;

async function installation(t: Test, answer: Answer) {
  const sent: string[] = [];
  const { origin } = await tinyServer(t, (request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const params = new URLSearchParams(body);
      const call = params.get('call') ?? '';
      params.delete('api_key');
      params.delete('api_id');
      sent.push(params.toString());
      const json = answer(call, params);
      response.writeHead(200, { 'content-type': 'application/json' });
      // Every answer an envelope as the API's are: its call and server_time with it.
      response.end(typeof json === 'string' ? json : JSON.stringify({ call, server_time: 1795000000, ...(json as object) }));
    });
  });
  return { origin, sent };
}

async function run(origin: string, ...more: string[]) {
  let stdout = '';
  let stderr = '';
  const argv = ['--against', origin, '--api-id', 'drifter', '--retries', '0', ...more];
  const status = await drift(
    argv,
    { BILLSIM_DRIFT_API_KEY: 'drift-key-5e1' },
    {
      stdout: (text) => void (stdout += text),
      stderr: (text) => void (stderr += text),
    },
  );
  return { status, stdout, stderr };
}

/** A thousand rows under every list name drift reads ids from, each with every field it reads. */
const rows = Array.from({ length: 1000 }, (_, i) => ({
  id: String(i + 1),
  name: `n${i}.test`,
  ticket_number: String(i),
  ip: `10.0.0.${i % 250}`,
}));
const lists = Object.fromEntries(
  ['clients', 'accounts', 'domains', 'categories', 'products', 'servers', 'contacts', 'estimates', 'invoices', 'news', 'orders'].map(
    (key) => [key, rows],
  ),
);

t.test('lists of a thousand rows saying 1e9 pages, every call refused: each request once, at most 10 ids a call', async (t) => {
  const inst = await installation(t, (call, params) => {
    if (call === 'getAPIMethods') return { success: true, call, methods: readCalls() };
    // Lists answer; a call naming an id is refused, so drift tries the next id.
    const named = [...params.keys()].some((key) => key !== 'call');
    return named ? { success: false, error: ['Not for this one'] } : { success: true, call, ...lists, sorter: { totalpages: 1e9 } };
  });
  const result = await run(inst.origin);
  t.equal(result.stderr, '');
  t.equal(new Set(inst.sent).size, inst.sent.length, 'no request sent twice');
  const perCall = new Map<string, number>();
  for (const request of inst.sent) {
    const call = new URLSearchParams(request).get('call')!;
    perCall.set(call, (perCall.get(call) ?? 0) + 1);
  }
  t.ok(Math.max(...perCall.values()) <= 10, `at most 10 requests a call (${Math.max(...perCall.values())})`);
  t.ok(inst.sent.length <= readCalls().length * 10, `${inst.sent.length} requests in all`);
});

t.test('answers nested 100,000 levels deep: compared and reported, no stack exhausted', async (t) => {
  const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
  const deepObject = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
  const inst = await installation(t, (call) =>
    call === 'getAPIMethods'
      ? { success: true, call, methods: ['getCurrencies', 'getClients'] }
      : `{"success":true,"call":"${call}","server_time":"2026-01-01 00:00:00","currencies":${deep},"clients":[${deepObject}],"extra":${deep}}`,
  );
  for (const json of [[], ['--json']]) {
    const result = await run(inst.origin, '--calls', 'getCurrencies,getClients', ...json);
    t.equal(result.status, 1, 'drift found');
    t.equal(result.stderr, '');
    t.match(result.stdout, json.length ? /"kind": "added"/ : /added {5}extra \(array\): not in billsim's schema/);
  }
});

t.test('a refusal of every call, quoted with line breaks and escapes, is one line; exit 2', async (t) => {
  const inst = await installation(t, (call) => ({ success: false, call, error: ['Denied\r\n\u001b[2Jfor drift-key-5e1\nbye'] }));
  const result = await run(inst.origin, '--calls', 'getCurrencies,getClients');
  t.strictSame(result, {
    status: 2,
    stdout: '',
    stderr:
      'billsim drift: the installation refused every call (getAPIMethods: Denied [2Jfor **** bye): are these the right credentials?\n',
  });
});

t.test('a failure nobody foresaw is one line and exit 2, not a stack trace', async (t) => {
  // getAPIMethods' `methods` as an object whose values cannot become text.
  const inst = await installation(t, (call) =>
    call === 'getAPIMethods'
      ? '{"success":true,"call":"getAPIMethods","server_time":1795000000,"methods":[{"toString":1}]}'
      : { success: true, call },
  );
  const result = await run(inst.origin, '--calls', 'getCurrencies');
  t.equal(result.status, 2);
  t.equal(result.stdout, '');
  t.match(result.stderr, /^billsim drift: [^\n]+\n$/);
});
