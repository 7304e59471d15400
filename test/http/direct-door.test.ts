// The customer's door's GETs are answered straight from node:http too
// (src/http/direct.ts), by the serveDoor its Fastify route runs. Each request
// here goes to one app over a socket and to an identical app by inject: the
// status, headers, body and journal must match. Each app signs its own
// tokens, so a step is written for the token of the app it goes to.
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { ALICE, CLIENT_PASSWORD, login } from '../helpers/door.js';
import { byInject, overSocket, pair, type Sent } from '../helpers/two-ways.js';

type Step = (token: string) => Sent;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const basic = { authorization: `Basic ${Buffer.from(`${ALICE}:${CLIENT_PASSWORD}`).toString('base64')}` };
const get =
  (url: string, headers: Record<string, string> = {}): Step =>
  (token) => ({ method: 'GET', url, headers: { ...bearer(token), ...headers } });
const anonymous =
  (url: string, headers: Record<string, string> = {}): Step =>
  () => ({ method: 'GET', url, headers });
const control =
  (url: string, body: object): Step =>
  () => ({ method: 'POST', url, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const STEPS: Step[] = [
  // The token's first request checks its signature (the whole way), the next ones find it checked.
  get('/api/invoice'),
  get('/api/invoice'),
  get('/api/invoice?page=1'),
  get('/api/invoice?page=0'),
  get('/api/invoice?page=1&page=2'),
  get('/api/invoice/1'),
  get('/api/invoice/1/'),
  get('/api/invoice/999999'),
  get('/api/invoice', { origin: 'https://app.example.com' }),
  get('/api/invoice', { origin: 'https://evil.example.net' }),
  get('/api/details'),
  get('/api/service'),
  get('/api/nothing/here'),
  get('/api/login'),
  get('/api'),
  get('/api?x=1'),
  get('/api/'),
  get('/api//invoice'),
  get('/api/invoice?'),
  // A GET's body is never read, by Fastify or the direct way.
  (token) => ({
    method: 'GET',
    url: '/api/invoice',
    headers: { ...bearer(token), 'content-type': 'application/json', 'content-length': '12' },
    body: JSON.stringify({ page: '0' }),
  }),
  anonymous('/api/invoice'),
  anonymous('/api/invoice', { authorization: 'Bearer not.a.token' }),
  anonymous('/api/invoice', basic),
  anonymous('/api/news'),
  anonymous('/api/invoice', { 'x-billsim-session': 'not a valid name!' }),
  get('/api/invoice', { 'x-billsim-session': 'other' }),
  control('/__billsim/faults', { call: 'GET /api/invoice', status: 503, times: 1 }),
  get('/api/invoice'),
  get('/api/invoice'),
  control('/__billsim/stubs', { call: 'GET /api/details', error: ['token_expired'], status: 401, times: 1 }),
  get('/api/details'),
  get('/api/details'),
  control('/__billsim/clock', { advanceSeconds: 7200 }),
  get('/api/invoice'),
  // Fastify's way: paths its router reads otherwise (escapes, dots, long segments), and HEAD.
  get('/api/invoice/%31'),
  get('/api/domain/name/example.com'),
  get(`/api/${'x'.repeat(101)}`),
  (token) => ({ method: 'HEAD', url: '/api/invoice', headers: bearer(token) }),
];

// The door's steps the direct way must not answer (they reach the Fastify route).
const FASTIFY_STEPS = ['GET /api/invoice/%31', 'GET /api/domain/name/example.com', `GET /api/${'x'.repeat(101)}`, 'HEAD /api/invoice'];

t.test("the door's GETs are answered directly as the Fastify route answers them: status, headers, body and journal", async (t) => {
  const { direct, fastify, origin, viaFastify } = await pair(t, { cors: ['https://app.example.com'] });
  const tokens = { direct: await login(direct, ALICE), fastify: await login(fastify, ALICE) };
  for (const step of STEPS) {
    const [socketSent, injectSent] = [step(tokens.direct), step(tokens.fastify)];
    const label = `${socketSent.method} ${socketSent.url} ${socketSent.body ?? ''}`;
    t.same(await overSocket(origin, socketSent), await byInject(fastify, injectSent), label);
  }
  t.same(
    viaFastify.filter((line) => line.startsWith('GET /api') || line.startsWith('HEAD /api')),
    FASTIFY_STEPS,
    'only the escaped, dotted and long paths and the HEAD went through Fastify',
  );
  // Alice's token names the default session: the request naming another is refused before any session's journal.
  const journal = async (app: FastifyInstance) => {
    const res = await app.inject({ url: '/__billsim/requests' });
    const { requests } = res.json() as { requests: { durationMs: number }[] };
    return requests.map(({ durationMs: _, ...entry }) => entry);
  };
  const kept = await journal(direct);
  t.ok(kept.length >= 30, 'the journal has the requests');
  t.same(kept, await journal(fastify), 'the journal is the same');
});

t.test("the rate limit counts the door's direct answers and its Fastify ones alike", async (t) => {
  const real = Date.parse('2026-11-20T12:00:00Z');
  const { direct, fastify, origin } = await pair(t, { userApiRateLimit: { requests: 2, seconds: 60 }, realNow: () => real });
  const tokens = { direct: await login(direct, ALICE), fastify: await login(fastify, ALICE) };
  const steps = [get('/api/details'), get('/api/details'), get('/api/details'), anonymous('/api/news'), get('/api/invoice')];
  const statuses: number[] = [];
  for (const step of steps) {
    const socket = await overSocket(origin, step(tokens.direct));
    t.same(socket, await byInject(fastify, step(tokens.fastify)));
    statuses.push(socket.status);
  }
  t.strictSame(statuses, [200, 200, 429, 200, 429], "the third and fifth of Alice's requests are over the limit");
});
