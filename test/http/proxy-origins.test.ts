// With --proxy the API reaches the user's installation, and the bundled key is
// public: a page the developer happens to open must not read (or change) it.
// The API then takes browser requests from loopback origins, the server's own
// and those --cors lists only, preflights (Private Network Access too) included.
import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { build, CREDENTIALS, SERVER_TIME } from '../helpers/app.js';
import { installation } from '../helpers/installation.js';
import type { AppOptions } from '../../src/app.js';
import { messages } from '../../src/errors.js';
import type { Upstream } from '../../src/lib/upstream.js';

const EVIL = 'https://evil.example';
const LOOPBACK = ['http://localhost:3000', 'http://127.0.0.1:5173', 'http://[::1]:8080', 'http://app.localhost:4000'];
const CLIENT_DETAILS = `/admin/api.php?${new URLSearchParams({ call: 'getClientDetails', id: '1', ...CREDENTIALS })}`;

async function proxied(t: Test, upstream: Upstream, options: AppOptions = {}): Promise<FastifyInstance> {
  return build(t, { proxy: { upstream, forward: 'every', writes: true }, ...options });
}

/** The calls the installation was sent, oldest first. */
async function sent(app: FastifyInstance): Promise<string[]> {
  return (await app.billsim.control.session().requests()).map((entry) => entry.call).reverse();
}

const preflight = (origin: string) => ({
  method: 'OPTIONS' as const,
  url: '/admin/api.php',
  headers: {
    origin,
    'access-control-request-method': 'POST',
    'access-control-request-headers': 'content-type',
    'access-control-request-private-network': 'true',
  },
});

t.test('a page on another origin reads nothing through the proxy: refused before anything is forwarded', async (t) => {
  const { app: upstreamApp, upstream } = await installation(t);
  const app = await proxied(t, upstream);
  const refusal = {
    success: false,
    call: 'getClientDetails',
    server_time: SERVER_TIME,
    error: [messages.proxyOriginRefused(EVIL)],
  };
  const get = await app.inject({ url: CLIENT_DETAILS, headers: { origin: EVIL } });
  t.equal(get.statusCode, 200);
  t.strictSame(get.json(), refusal, 'the error envelope naming the origin and --cors');
  t.equal(get.headers['access-control-allow-origin'], undefined, 'no CORS grant');
  // A form POST a page sends with mode no-cors: the page cannot read the answer, but a write would be carried out.
  const form = await app.inject({
    method: 'POST',
    url: '/admin/api.php',
    headers: { origin: EVIL, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ call: 'addClient', firstname: 'Mallory', ...CREDENTIALS }).toString(),
  });
  t.strictSame(form.json(), { ...refusal, call: 'addClient' });
  // The same through Fastify's route (a body of another encoding).
  const json = await app.inject({
    method: 'POST',
    url: '/admin/api.php',
    headers: { origin: EVIL, 'content-type': 'application/json' },
    payload: { call: 'getClientDetails', id: '1', ...CREDENTIALS },
  });
  t.strictSame(json.json(), refusal);
  t.equal(json.headers['access-control-allow-origin'], undefined);
  for (const origin of ['null', 'http://localhost.evil.example', 'http://127.0.0.1.evil.example:80']) {
    const other = await app.inject({ url: CLIENT_DETAILS, headers: { origin } });
    t.strictSame(other.json().error, [messages.proxyOriginRefused(origin)], `${origin} is no loopback origin`);
  }
  t.strictSame(await sent(upstreamApp), [], 'the installation was sent nothing');
  t.strictSame(await app.billsim.control.session().requests(), [], 'the refusals left no journal entry');
  t.match(messages.proxyOriginRefused(EVIL), /^Requests from https:\/\/evil\.example are refused: with --proxy.*add it to --cors$/);
});

t.test('a preflight from another origin is refused, Private Network Access included', async (t) => {
  const { upstream } = await installation(t);
  for (const cors of [undefined, ['https://app.example.com']] as const) {
    const app = await proxied(t, upstream, cors ? { cors: [...cors] } : {});
    const answer = await app.inject(preflight(EVIL));
    t.equal(answer.statusCode, 403, `--cors ${cors ?? '*'}`);
    t.strictSame(answer.json(), { error: messages.proxyOriginRefused(EVIL) });
    t.equal(answer.headers['access-control-allow-origin'], undefined);
    t.equal(answer.headers['access-control-allow-private-network'], undefined);
    t.equal(answer.headers['access-control-allow-methods'], undefined);
  }
});

t.test('loopback origins, the listed ones and the server own are answered, with CORS and Private Network Access', async (t) => {
  const { app: upstreamApp, upstream } = await installation(t);
  const app = await proxied(t, upstream, { cors: ['https://app.example.com'], allowedHosts: ['billsim.test'] });
  for (const origin of [...LOOPBACK, 'https://app.example.com']) {
    const answer = await app.inject({ url: CLIENT_DETAILS, headers: { origin } });
    t.equal(answer.json().client.firstname, 'Upstreamia', `${origin}: the installation answered`);
    t.equal(answer.headers['access-control-allow-origin'], origin);
    const asked = await app.inject(preflight(origin));
    t.equal(asked.statusCode, 204);
    t.equal(asked.headers['access-control-allow-origin'], origin);
    t.equal(asked.headers['access-control-allow-private-network'], 'true');
  }
  // The docs page's "Try it out", served by billsim itself on a name given with --allowed-host.
  const own = await app.inject({ url: CLIENT_DETAILS, headers: { origin: 'http://billsim.test:8080', host: 'billsim.test:8080' } });
  t.equal(own.json().success, true, 'the server own origin');
  t.equal((await sent(upstreamApp)).length, LOOPBACK.length + 2);
});

t.test('a request without Origin (curl, a test suite) is answered as always', async (t) => {
  const { upstream } = await installation(t);
  const app = await proxied(t, upstream);
  const answer = await app.inject({ url: CLIENT_DETAILS });
  t.equal(answer.json().client.firstname, 'Upstreamia');
  t.equal(answer.headers['access-control-allow-origin'], undefined);
});

t.test('without --proxy the API stays open to every origin, as documented', async (t) => {
  const app = await build(t);
  const answer = await app.inject({ url: CLIENT_DETAILS, headers: { origin: EVIL } });
  t.equal(answer.json().success, true);
  t.equal(answer.headers['access-control-allow-origin'], EVIL);
  const asked = await app.inject(preflight(EVIL));
  t.equal(asked.statusCode, 204);
  t.equal(asked.headers['access-control-allow-private-network'], 'true');
});
