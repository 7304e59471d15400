import { Writable } from 'node:stream';
import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, build, CREDENTIALS, SERVER_TIME, storeJson } from '../helpers/app.js';
import { direct, installation, tinyServer, UPSTREAM_KEY, UPSTREAM_NOW, upstreamAt } from '../helpers/installation.js';
import { isWrite, readsByName, type ProxyOptions } from '../../src/http/proxy.js';
import { operations } from '../../src/operations/index.js';
import { messages } from '../../src/errors.js';
import type { Upstream } from '../../src/lib/upstream.js';

const UPSTREAM_TIME = Math.floor(UPSTREAM_NOW.getTime() / 1000);

/** The raw answer of a GET through billsim: status and text as the client gets them. */
async function raw(app: FastifyInstance, call: string, params: Record<string, string> = {}, credentials = CREDENTIALS) {
  const query = new URLSearchParams({ call, ...credentials, ...params });
  const response = await app.inject({ method: 'GET', url: `/admin/api.php?${query}` });
  return { status: response.statusCode, text: response.body };
}

async function proxyTo(t: Test, upstream: Upstream, options: Partial<ProxyOptions> = {}, lines?: string[]) {
  const logger = lines && {
    level: 'info',
    stream: new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  };
  return build(t, { proxy: { upstream, forward: 'every', writes: false, ...options }, ...(logger && { logger }) });
}

/** The calls the installation's journal holds, oldest first. */
async function upstreamCalls(app: FastifyInstance): Promise<string[]> {
  return (await app.billsim.control.session().requests()).map((entry) => entry.call).reverse();
}

t.test(
  'which calls are writes: billsim says for what it simulates, the name for the rest, and the name rule agrees on every published call',
  async (t) => {
    for (const [call, operation] of Object.entries(operations)) {
      if (call === 'module') continue;
      t.equal(readsByName(call), !operation.mutates, `${call} by its name`);
      t.equal(isWrite(call, operation), operation.mutates, call);
    }
    t.equal(isWrite('module', operations.module), true, 'module may run any module function');
    const unsimulated: Record<string, boolean> = {
      // Sent by a public integration; no vendor page documents it.
      getKBCategoryArticles: false,
      // Names one published client sends for the vendor's getClientStats, getPredefinedReply and domainSynch.
      getClientStatistics: false,
      getPredefinedreply: false,
      domainSynchronize: true,
      // Not published: a name that does not read as a read is taken as a write.
      listThings: false,
      budgetUpdate: true,
      addChecklist: true,
      addCheck: true,
      invoiceListAll: false,
      targetGetter: true,
    };
    for (const [call, write] of Object.entries(unsimulated)) t.equal(isWrite(call, undefined), write, call);
  },
);

t.test('--proxy forwards a read and hands back the installation answer as it came, journaled as proxied', async (t) => {
  const { upstream } = await installation(t);
  const lines: string[] = [];
  const app = await proxyTo(t, upstream, {}, lines);
  const own = await direct(upstream, 'getClientDetails', { id: '1' });
  const got = await raw(app, 'getClientDetails', { id: '1' });
  t.same(got, own, 'status and text byte for byte');
  const body = JSON.parse(got.text);
  t.equal(body.client.firstname, 'Upstreamia', "the installation's world");
  t.equal(body.server_time, UPSTREAM_TIME, "the installation's server_time");
  const [entry] = await app.billsim.control.session().requests();
  t.strictSame(entry, {
    time: entry.time,
    call: 'getClientDetails',
    params: { call: 'getClientDetails', api_id: 'billsim', api_key: '[redacted]', id: '1' },
    success: true,
    error: [],
    durationMs: entry.durationMs,
    answer: got.text,
    proxied: true,
  });
  const coverage = await app.billsim.control.session().coverage();
  t.same(coverage.calls.getClientDetails, { requests: 0, successes: 0, errors: 0 }, 'a proxied call does not count as simulated');
  t.match(lines.join(''), /"proxied":true/);
  t.notMatch(lines.join(''), UPSTREAM_KEY, 'the log never holds the key');
});

t.test('an error answer of the installation comes back as it is, HTTP status included', async (t) => {
  const { upstream } = await installation(t);
  const app = await proxyTo(t, upstream);
  const got = await raw(app, 'getClientDetails', { id: '999' });
  t.same(got, await direct(upstream, 'getClientDetails', { id: '999' }));
  const [entry] = await app.billsim.control.session().requests();
  t.equal(entry.success, false);
  t.same(entry.error, JSON.parse(got.text).error);
  t.equal(entry.proxied, true);
  const { origin } = await tinyServer(t, (_request, response) => {
    response.writeHead(503, { 'content-type': 'application/json' });
    response.end('{"success":false,"error":["maintenance"]}');
  });
  const busy = await proxyTo(t, upstreamAt(origin));
  t.same(await raw(busy, 'getClients'), { status: 503, text: '{"success":false,"error":["maintenance"]}' });
});

t.test('without --proxy-writes a write is refused, nothing is sent and nothing changes', async (t) => {
  const { app: upstreamApp, upstream } = await installation(t);
  const app = await proxyTo(t, upstream);
  const before = storeJson(app);
  for (const call of ['addClient', 'module', 'addChecklist']) {
    const body = await api(app, call, { firstname: 'Zed' });
    t.strictSame(body, {
      success: false,
      call,
      server_time: SERVER_TIME,
      error: [messages.proxyWriteRefused(call, upstream.url.origin)],
    });
  }
  t.equal(
    messages.proxyWriteRefused('addClient', 'http://127.0.0.1:1'),
    'addClient changes data, so billsim did not forward it to http://127.0.0.1:1: the proxy forwards reads only unless it is started with --proxy-writes',
  );
  t.same(await upstreamCalls(upstreamApp), [], 'the installation was sent nothing');
  t.equal(storeJson(app), before, "billsim's own state is unchanged");
});

t.test('with --proxy-writes a write is forwarded once and changes the installation', async (t) => {
  const { app: upstreamApp, upstream } = await installation(t);
  const app = await proxyTo(t, upstream, { writes: true });
  const before = storeJson(app);
  const added = await api(app, 'addClient', {
    firstname: 'Zed',
    lastname: 'Proxy',
    email: 'zed@example.org',
    password: 'Secret123!',
    password2: 'Secret123!',
    address1: '1 Road',
    city: 'Town',
    state: 'State',
    postcode: '12345',
    country: 'US',
    phonenumber: '+1.5551234',
  });
  t.equal(added.success, true, JSON.stringify(added));
  t.equal(added.server_time, UPSTREAM_TIME);
  const details = JSON.parse((await direct(upstream, 'getClientDetails', { id: String(added.client_id) })).text);
  t.equal(details.client.email, 'zed@example.org', 're-read on the installation');
  t.same(await upstreamCalls(upstreamApp), ['addClient', 'getClientDetails'], 'sent once');
  t.equal(storeJson(app), before, 'billsim itself changed nothing');
});

t.test('--proxy-unknown forwards only what billsim neither simulates nor stubs', async (t) => {
  const { app: upstreamApp, upstream } = await installation(t);
  await upstreamApp.billsim.control.session().addStub({ call: 'getKBCategoryArticles', answer: { contacts: [{ id: '7' }] } });
  const app = await proxyTo(t, upstream, { forward: 'unknown' });
  const own = await api(app, 'getClientDetails', { id: '1' });
  t.equal((own.client as { firstname: string }).firstname, 'Alice', "billsim's own simulation");
  t.equal(own.server_time, SERVER_TIME);
  const passed = await raw(app, 'getKBCategoryArticles', { client_id: '1' });
  t.same(passed, await direct(upstream, 'getKBCategoryArticles', { client_id: '1' }));
  t.match(JSON.parse(passed.text), { success: true, contacts: [{ id: '7' }] });
  await app.billsim.control.session().addStub({ call: 'getKBCategoryArticles', answer: { contacts: [] } });
  t.match(await api(app, 'getKBCategoryArticles'), { success: true, contacts: [] }, "billsim's stub answers first");
  t.same(
    await upstreamCalls(upstreamApp),
    ['getKBCategoryArticles', 'getKBCategoryArticles'],
    'only the unknown call reached the installation',
  );
});

t.test('before anything is forwarded: faults, billsim credentials and stubs', async (t) => {
  const { app: upstreamApp, upstream } = await installation(t);
  const app = await proxyTo(t, upstream);
  const session = app.billsim.control.session();
  t.match(await api(app, 'getClients', {}, { credentials: { api_id: 'billsim', api_key: UPSTREAM_KEY } }), {
    success: false,
    error: [messages.credentialsInvalid()],
  });
  await session.addFault({ call: 'getClients', error: ['down for a test'], times: 1 });
  t.match(await api(app, 'getClients'), { success: false, error: ['down for a test'] });
  await session.addStub({ call: 'getClients', answer: { clients: [] } });
  t.match(await api(app, 'getClients'), { success: true, clients: [], server_time: SERVER_TIME });
  t.same(await upstreamCalls(upstreamApp), [], 'none reached the installation');
});

t.test('an installation that gives no answer: the error envelope names why, never the key', async (t) => {
  const html = await tinyServer(t, (_request, response) => {
    response.writeHead(502, { 'content-type': 'text/html' });
    response.end('<html>Bad gateway</html>');
  });
  const silent = await tinyServer(t, () => undefined);
  // Only the silent one waits for its time-out: the others answer at once, however busy the machine.
  const cases = [
    { origin: html.origin, timeoutMs: 30_000, status: 502, reason: /answered getClients with an HTML page \(HTTP 502\)/ },
    { origin: silent.origin, timeoutMs: 100, status: 504, reason: /did not answer getClients within 100 ms/ },
    {
      origin: 'http://127.0.0.1:9',
      timeoutMs: 30_000,
      status: 502,
      reason: /cannot reach http:\/\/127\.0\.0\.1:9\/admin\/api\.php/,
    },
  ];
  for (const { origin, timeoutMs, status, reason } of cases) {
    const app = await proxyTo(t, upstreamAt(origin, { timeoutMs }));
    const got = await raw(app, 'getClients');
    t.equal(got.status, status, origin);
    const body = JSON.parse(got.text);
    t.strictSame(Object.keys(body), ['success', 'call', 'server_time', 'error']);
    t.equal(body.server_time, SERVER_TIME);
    t.match(body.error[0], new RegExp(`^billsim's proxy got no answer from the installation at ${origin}: `));
    t.match(body.error[0], reason);
    t.notMatch(got.text, UPSTREAM_KEY);
    const [entry] = await app.billsim.control.session().requests();
    t.equal(entry.proxied, undefined, 'no answer of the installation to mark');
  }
});

t.test('health says the proxy is on and where to, without the key; the journal never holds it', async (t) => {
  const { upstream } = await installation(t);
  const app = await proxyTo(t, upstream);
  await api(app, 'getCurrencies');
  const health = await app.inject({ method: 'GET', url: '/__billsim/health' });
  t.same(health.json().proxy, { origin: upstream.url.origin, forwards: 'every call', writes: false, recording: false });
  t.notMatch(health.body, UPSTREAM_KEY);
  const journal = await app.inject({ method: 'GET', url: '/__billsim/requests' });
  t.notMatch(journal.body, UPSTREAM_KEY);
  const plain = await build(t);
  t.equal((await plain.inject({ method: 'GET', url: '/__billsim/health' })).json().proxy, undefined, 'no proxy, no proxy key');
});

t.test('an answer that echoes the installation key reaches nobody with it', async (t) => {
  const { origin } = await tinyServer(t, (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ success: true, call: 'getClients', server_time: 1, note: `key ${UPSTREAM_KEY}` }));
  });
  const app = await proxyTo(t, upstreamAt(origin));
  const got = await raw(app, 'getClients');
  t.equal(JSON.parse(got.text).note, 'key ****');
  t.notMatch(JSON.stringify(await app.billsim.control.session().requests()), UPSTREAM_KEY);
});
