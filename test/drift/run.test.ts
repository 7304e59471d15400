// A drift run against billsim itself, in-process: which calls go out, with
// which ids, what is not checked and why, and that nothing but reads is sent.
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { build, CREDENTIALS } from '../helpers/app.js';
import { NOT_SENT, PARAMS } from '../../src/cli/drift/calls.js';
import { readCalls, RefusedError, runDrift, type Send } from '../../src/cli/drift/run.js';
import { UpstreamError } from '../../src/lib/upstream.js';
import { operations } from '../../src/operations/index.js';
import { schemaAt, operationSchemaId } from '../../src/schemas.js';

/** Sends through the app's own door, with billsim's credentials unless others are given. */
function sender(app: FastifyInstance, credentials: Record<string, string> = CREDENTIALS): Send {
  return async (call, params) => {
    const payload = new URLSearchParams({ ...params, call, ...credentials }).toString();
    const response = await app.inject({
      method: 'POST',
      url: '/admin/api.php',
      payload,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    return { status: response.statusCode, text: response.body, json: response.json() };
  };
}

/** A sender that changes the answer of one call. */
function changing(send: Send, call: string, change: (json: Record<string, unknown>) => unknown): Send {
  return async (name, params) => {
    const answer = await send(name, params);
    return name === call ? { ...answer, json: change(answer.json as Record<string, unknown>) } : answer;
  };
}

const statuses = (report: Awaited<ReturnType<typeof runDrift>>, status: string) =>
  report.calls.filter((c) => c.status === status).map((c) => c.call);

t.test('every read call has what it needs: its required parameters from the table, or a reason not to send it', async (t) => {
  for (const call of readCalls()) {
    if (NOT_SENT[call] || operations[call].answer?.alwaysRefused) continue;
    const required = (schemaAt(`${operationSchemaId(call)}#/properties/request`)?.required ?? []) as string[];
    const given = Object.keys(PARAMS[call] ?? {});
    t.strictSame(
      required.filter((name) => !given.includes(name)),
      [],
      `${call} is given ${required.join(', ') || 'nothing'}`,
    );
  }
});

t.test('no more calls are in flight than the concurrency allows, and each is sent once', async (t) => {
  const app = await build(t);
  const send = sender(app);
  let active = 0;
  let most = 0;
  const sent: string[] = [];
  const counting: Send = async (call, params) => {
    active++;
    most = Math.max(most, active);
    sent.push(JSON.stringify([call, params]));
    try {
      await new Promise((resolve) => setImmediate(resolve));
      return await send(call, params);
    } finally {
      active--;
    }
  };
  await runDrift(counting, { concurrency: 3 });
  t.equal(most, 3, 'the bound is reached');
  t.equal(new Set(sent).size, sent.length, 'no call is sent twice');
});

t.test('billsim against itself: nothing drifts, ids come from its own lists, only reads are sent', async (t) => {
  const app = await build(t);
  const report = await runDrift(sender(app), { concurrency: 4 });
  t.strictSame(statuses(report, 'drifted'), []);
  t.strictSame(
    report.calls.filter((c) => c.status === 'not checked').map((c) => [c.call, c.reason]),
    [
      ['accountModuleSSO', "it opens a sign-on session on the account's server"],
      ['getKBArticle', "no list call names the installation's article ids"],
      ['getKBArticlesByTags', 'it needs a tag, which no list call names'],
      ['module', "billsim answers it with an error: what it reaches is each installation's own"],
      ['verifyAdminLogin', 'it needs a password (and a wrong one counts as a failed login)'],
      ['verifyClientLogin', 'it needs a password (and a wrong one counts as a failed login)'],
    ],
  );
  t.strictSame(report.summary, { checked: readCalls().length - 6, drifted: 0, notChecked: 6 });
  const params = Object.fromEntries(report.calls.map((c) => [c.call, c.params]));
  t.strictSame(params.getClientDetails, { id: '9' }, 'the first client getClients lists (newest first)');
  t.strictSame(params.getTicketDetails, { id: '477350' }, 'a ticket is read by its number');
  t.strictSame(params.getClientContact, { id: '11' }, 'the first contact of the first listed client that has one');
  t.strictSame(params.meteredGetUsage, { account_id: '17' }, 'accounts tried in list order until one has metered billing');
  const journal = (await app.inject({ url: '/__billsim/requests?limit=1000' })).json().requests as { call: string }[];
  const sent = new Set(journal.map((entry) => entry.call));
  t.strictSame(
    [...sent].filter((call) => operations[call]?.mutates !== false),
    [],
    'no call that changes data',
  );
  t.ok(sent.has('getClientContacts') && sent.has('getAppServers'), 'the lists ids come from were read');
});

t.test('a list with no rows: the calls that need its ids are not checked, saying which list was empty', async (t) => {
  const app = await build(t);
  const send = changing(sender(app), 'getClients', (json) => ({ ...json, clients: [] }));
  const report = await runDrift(send, { calls: ['getClients', 'getClientDetails', 'getOrderDraft'], concurrency: 2 });
  t.strictSame(report.calls, [
    { call: 'getClients', status: 'ok', params: {}, differences: [] },
    { call: 'getClientDetails', status: 'not checked', params: undefined, reason: 'no id: getClients lists no clients' },
    { call: 'getOrderDraft', status: 'not checked', params: undefined, reason: 'no id: getClients lists no clients' },
  ]);
});

t.test("refused credentials stop the run with the installation's own message", async (t) => {
  const app = await build(t);
  const error = await runDrift(sender(app, { api_id: 'billsim', api_key: 'not-the-key' }), { concurrency: 1 }).catch((e) => e);
  t.type(error, RefusedError);
  t.equal(error.message, 'the installation refused the credentials: Authentication failed: invalid api_id or api_key');
});

t.test('no answer to the first call stops the run; later, an HTML page drifts and one slow call is not checked', async (t) => {
  const app = await build(t);
  const down = new UpstreamError('unreachable', 'cannot reach http://127.0.0.1:9/admin/api.php: ECONNREFUSED');
  t.equal(await runDrift(() => Promise.reject(down), { concurrency: 1 }).catch((e) => e), down);
  const own = sender(app);
  const send: Send = (call, params) => {
    if (call === 'getNews')
      return Promise.reject(new UpstreamError('html', "x answered getNews with an HTML page (HTTP 502), not the API's JSON"));
    if (call === 'getCurrencies') return Promise.reject(new UpstreamError('timeout', 'x did not answer getCurrencies within 500 ms'));
    return own(call, params);
  };
  const report = await runDrift(send, { calls: ['getNews', 'getCurrencies', 'getOrderPages'], concurrency: 2 });
  t.strictSame(report, {
    calls: [
      {
        call: 'getNews',
        status: 'drifted',
        params: {},
        differences: [{ path: '', kind: 'answer', expected: "the API's JSON", found: 'an HTML page (HTTP 502)', count: 1 }],
      },
      { call: 'getCurrencies', status: 'not checked', params: {}, reason: 'no answer: x did not answer getCurrencies within 500 ms' },
      { call: 'getOrderPages', status: 'ok', params: {}, differences: [] },
    ],
    summary: { checked: 2, drifted: 1, notChecked: 1 },
  });
});

t.test('a call the key may not use (getAPIMethods does not list it) is not sent', async (t) => {
  const app = await build(t);
  const calls: string[] = [];
  const own = changing(sender(app), 'getAPIMethods', (json) => ({ ...json, methods: ['getAPIMethods', 'getClients'] }));
  const send: Send = (call, params) => {
    calls.push(call);
    return own(call, params);
  };
  const report = await runDrift(send, { calls: ['getClients', 'getInvoices'], concurrency: 1 });
  t.strictSame(report.calls[1], {
    call: 'getInvoices',
    status: 'not checked',
    params: undefined,
    reason: 'the API key may not use it (getAPIMethods does not list it)',
  });
  t.strictSame(calls, ['getAPIMethods', 'getClients']);
});

t.test('never more calls in flight than --concurrency, and each list is read once', async (t) => {
  const app = await build(t);
  const own = sender(app);
  let inFlight = 0;
  let most = 0;
  const sent: string[] = [];
  const send: Send = async (call, params) => {
    sent.push(`${call} ${JSON.stringify(params)}`);
    most = Math.max(most, ++inFlight);
    await new Promise((resolve) => setImmediate(resolve));
    try {
      return await own(call, params);
    } finally {
      inFlight--;
    }
  };
  await runDrift(send, { concurrency: 3 });
  t.equal(most, 3);
  t.equal(new Set(sent).size, sent.length, 'no call sent twice with the same parameters');
});
