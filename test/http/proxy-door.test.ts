// --proxy at the customer's door: a request no stub answers (with
// --proxy-unknown, one no route of billsim takes) goes to the installation's
// own /api with the client's method, query, body and Authorization, and its
// answer comes back as it came; the Admin proxy's guards hold.
import type http from 'node:http';
import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { build } from '../helpers/app.js';
import { ALICE, CLIENT_PASSWORD, door } from '../helpers/door.js';
import { installation, tinyServer, UPSTREAM_KEY, upstreamAt } from '../helpers/installation.js';
import type { ProxyOptions } from '../../src/http/proxy.js';
import { doorBaseOf, endpointOf, type Upstream } from '../../src/lib/upstream.js';
import { messages } from '../../src/errors.js';

function proxyTo(t: Test, upstream: Upstream, options: Partial<ProxyOptions> = {}) {
  return build(t, { proxy: { upstream, forward: 'every', writes: false, ...options } });
}

/** The raw answer of a door request through billsim: status, type and text as the client gets them. */
async function raw(app: FastifyInstance, method: string, url: string, headers: Record<string, string> = {}, payload?: string) {
  const response = await app.inject({ method: method as 'GET', url, headers, ...(payload !== undefined && { payload }) });
  return { status: response.statusCode, type: response.headers['content-type'], text: response.body };
}

/** What a node:http installation saw of each request. */
interface Seen {
  method?: string;
  url?: string;
  authorization?: string;
  type?: string;
  body: string;
}

/** An installation on 127.0.0.1 that records each request and answers `answer(seen)` as JSON (status 200 unless given). */
async function recordingServer(t: Test, answer: (seen: Seen) => { status?: number; json: unknown }) {
  const seen: Seen[] = [];
  const server = await tinyServer(t, (request: http.IncomingMessage, response: http.ServerResponse) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const one: Seen = {
        method: request.method,
        url: request.url,
        authorization: request.headers.authorization,
        type: request.headers['content-type'],
        body,
      };
      seen.push(one);
      const { status = 200, json } = answer(one);
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(json));
    });
  });
  return { ...server, seen };
}

t.test("the door's address at the installation: /api beside admin/api.php", async (t) => {
  t.equal(doorBaseOf(endpointOf('https://billing.example.com')).href, 'https://billing.example.com/api');
  t.equal(doorBaseOf(endpointOf('https://billing.example.com/hb/admin/api.php')).href, 'https://billing.example.com/hb/api');
  t.equal(doorBaseOf(endpointOf('https://billing.example.com/hb/')).href, 'https://billing.example.com/hb/api');
});

t.test(
  "a customer logs in at the installation through billsim and reads its details: the installation's answers as they came",
  async (t) => {
    const { app: upstreamApp, upstream } = await installation(t);
    const app = await proxyTo(t, upstream);
    const login = await door(app, 'POST', '/login', { username: ALICE, password: CLIENT_PASSWORD });
    t.equal(login.status, 200, 'a login changes no record: forwarded without --proxy-writes');
    t.strictSame(Object.keys(login.body), ['token', 'refresh']);
    const token = login.body.token as string;
    const base = doorBaseOf(upstream.url).href;
    const own = await fetch(`${base}/details`, { headers: { authorization: `Bearer ${token}` } });
    const got = await raw(app, 'GET', '/api/details', { authorization: `Bearer ${token}` });
    t.strictSame(got, { status: own.status, type: 'application/json; charset=utf-8', text: await own.text() }, 'byte for byte');
    t.equal(JSON.parse(got.text).client.firstname, 'Upstreamia', "the installation's world");
    const entries = await app.billsim.control.session().requests();
    t.strictSame(
      entries.map((entry) => [entry.call, entry.success, entry.proxied]),
      [
        ['GET /api/details', true, true],
        ['POST /api/login', true, true],
      ],
    );
    t.strictSame(
      JSON.parse(entries[1].answer),
      { token: '[redacted]', refresh: '[redacted]' },
      "the journal keeps no installation's token",
    );
    t.equal(entries[0].answer, got.text);
    t.strictSame(
      (await upstreamApp.billsim.control.session().requests()).map((entry) => entry.call).reverse(),
      ['POST /api/login', 'GET /api/details', 'GET /api/details'],
      'the test read the details itself once',
    );
    // A wrong login is the installation's refusal, passed on and journaled as a failure.
    const wrong = await door(app, 'POST', '/login', { username: ALICE, password: 'wrong' });
    t.strictSame(wrong, { status: 200, body: { error: ['wronglogin'] }, headers: wrong.headers });
    const [last] = await app.billsim.control.session().requests();
    t.strictSame([last.success, last.error, last.proxied], [false, ['wronglogin'], true]);
  },
);

t.test("--proxy-unknown: a module route billsim has no route for goes on with the client's method, query, body and token", async (t) => {
  const server = await recordingServer(t, (seen) =>
    seen.method === 'GET' ? { json: { vms: [{ id: 'vm-1', status: 'running' }] } } : { status: 404, json: { error: ['notfound'] } },
  );
  const app = await proxyTo(t, upstreamAt(server.origin), { forward: 'unknown', writes: true });
  const got = await raw(app, 'GET', '/api/service/7/vms?page=2&filter[status]=running', { authorization: 'Bearer installation-token' });
  t.strictSame(got, { status: 200, type: 'application/json; charset=utf-8', text: '{"vms":[{"id":"vm-1","status":"running"}]}' });
  const posted = await raw(
    app,
    'POST',
    '/api/service/7/vms/reboot',
    { authorization: 'Bearer installation-token', 'content-type': 'application/json' },
    '{"force":true,"note":"now"}',
  );
  t.strictSame(posted, { status: 404, type: 'application/json; charset=utf-8', text: '{"error":["notfound"]}' }, 'its status too');
  const form = await raw(app, 'PUT', '/api/service/7/vms', { 'content-type': 'application/x-www-form-urlencoded' }, 'name=web+1&tags[0]=a');
  t.equal(form.status, 404);
  t.strictSame(server.seen, [
    {
      method: 'GET',
      url: '/api/service/7/vms?page=2&filter[status]=running',
      authorization: 'Bearer installation-token',
      type: undefined,
      body: '',
    },
    {
      method: 'POST',
      url: '/api/service/7/vms/reboot',
      authorization: 'Bearer installation-token',
      type: 'application/json',
      body: '{"force":true,"note":"now"}',
    },
    {
      method: 'PUT',
      url: '/api/service/7/vms',
      authorization: undefined,
      type: 'application/x-www-form-urlencoded',
      body: 'name=web+1&tags%5B0%5D=a',
    },
  ]);
  // A route billsim simulates is answered by billsim: nothing more reaches the installation.
  const news = await door(app, 'GET', '/news');
  t.equal(news.status, 200);
  t.ok(Array.isArray(news.body.news), "billsim's own news");
  t.equal(server.seen.length, 3);
  const [entry] = await app.billsim.control.session().requests();
  t.strictSame([entry.call, entry.proxied], ['GET /api/news', undefined]);
});

t.test('writes only when allowed; stubs and faults answer before anything is forwarded', async (t) => {
  const server = await recordingServer(t, () => ({ json: { info: ['done'] } }));
  const app = await proxyTo(t, upstreamAt(server.origin));
  const refusal = messages.proxyWriteRefused('POST /api/tickets', server.origin);
  t.strictSame((await door(app, 'POST', '/tickets', { subject: 'Hi', body: 'x', dept_id: 1 })).body, { error: [refusal] });
  t.strictSame((await door(app, 'DELETE', '/tokens/3')).body, {
    error: [messages.proxyWriteRefused('DELETE /api/tokens/3', server.origin)],
  });
  t.match(
    refusal,
    /^POST \/api\/tickets changes data, so billsim did not forward it to http:\/\/127\.0\.0\.1:\d+: the proxy forwards reads only unless it is started with --proxy-writes$/,
  );
  const session = app.billsim.control.session();
  await session.addStub({ call: 'GET /api/service/{id}/vms', answer: { vms: [] } });
  t.strictSame((await door(app, 'GET', '/service/7/vms')).body, { vms: [] });
  await session.addFault({ call: 'GET /api/invoice', error: ['down for a test'], times: 1 });
  t.strictSame((await door(app, 'GET', '/invoice')).body, { error: ['down for a test'] });
  t.equal(server.seen.length, 0, 'nothing reached the installation');
  const writes = await proxyTo(t, upstreamAt(server.origin), { writes: true });
  t.strictSame((await door(writes, 'PUT', '/notifications/3/ack', {}, { token: 'installation-token' })).body, { info: ['done'] });
  t.strictSame(
    server.seen.map((seen) => `${seen.method} ${seen.url} ${seen.authorization}`),
    ['PUT /api/notifications/3/ack Bearer installation-token'],
    'a write is sent once',
  );
});

t.test('no answer, an answer too large, a page: 502 or 504 with the refusal naming why; the key never shows', async (t) => {
  const html = await tinyServer(t, (_request, response) => {
    response.writeHead(404, { 'content-type': 'text/html' });
    response.end('<html>Not found</html>');
  });
  const silent = await tinyServer(t, () => undefined);
  const big = await tinyServer(t, (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ invoices: 'x'.repeat(4096) }));
  });
  const cases = [
    {
      upstream: upstreamAt(html.origin),
      status: 502,
      error: messages.proxyFailed(
        html.origin,
        `${html.origin}/api/invoice answered GET /api/invoice with an HTML page (HTTP 404), not the API's JSON: is the installation's User API at this address?`,
      ),
    },
    {
      upstream: upstreamAt(silent.origin, { timeoutMs: 100 }),
      status: 504,
      error: messages.proxyFailed(silent.origin, `${silent.origin}/api/invoice did not answer GET /api/invoice within 100 ms`),
    },
    {
      upstream: upstreamAt('http://127.0.0.1:9'),
      status: 502,
      error: messages.proxyFailed('http://127.0.0.1:9', 'cannot reach http://127.0.0.1:9/api/invoice: bad port'),
    },
    {
      upstream: upstreamAt(big.origin, { maxAnswerBytes: 1024 }),
      status: 502,
      error: messages.proxyAnswerTooLarge(big.origin, 'GET /api/invoice', 1024),
    },
  ];
  for (const { upstream, status, error } of cases) {
    const app = await proxyTo(t, upstream);
    const got = await door(app, 'GET', '/invoice', {}, { token: 'installation-token' });
    t.strictSame([got.status, got.body], [status, { error: [error] }], upstream.url.origin);
    t.notMatch(JSON.stringify(got.body), UPSTREAM_KEY);
    const [entry] = await app.billsim.control.session().requests();
    t.strictSame(
      [entry.call, entry.success, entry.proxied],
      ['GET /api/invoice', false, undefined],
      'no answer of the installation to mark',
    );
  }
});

t.test("pages on other sites get nothing, the installation's key is masked in answers", async (t) => {
  const server = await recordingServer(t, () => ({ json: { note: `key ${UPSTREAM_KEY}` } }));
  const app = await proxyTo(t, upstreamAt(server.origin));
  const evil = 'https://evil.example';
  const got = await door(app, 'GET', '/invoice', {}, { headers: { origin: evil } });
  t.strictSame([got.status, got.body], [403, { error: [messages.proxyOriginRefused(evil)] }]);
  const preflight = await app.inject({
    method: 'OPTIONS',
    url: '/api/invoice',
    headers: { origin: evil, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
  });
  t.strictSame([preflight.statusCode, preflight.json()], [403, { error: messages.proxyOriginRefused(evil) }]);
  t.equal(server.seen.length, 0, 'nothing forwarded');
  const local = await door(app, 'GET', '/invoice', {}, { headers: { origin: 'http://localhost:3000' } });
  t.strictSame([local.status, local.body], [200, { note: 'key ****' }], 'a loopback origin is answered; the key masked');
});
