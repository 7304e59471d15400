// Requests on the endpoint reach billsim two ways: the common ones are
// answered straight from node:http (src/http/direct.ts), the rest and every
// app.inject() go through the Fastify route. Both must answer byte for byte
// alike: each request here goes to one app over a socket and to an identical
// app by inject, and the status, headers, body and journal must match.
import net from 'node:net';
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { CREDENTIALS, FROZEN_NOW, throughProductionDoor } from '../helpers/app.js';
import { buildApp } from '../../src/app.js';
import { byInject, overSocket, pair, type Sent } from '../helpers/two-ways.js';

const auth = new URLSearchParams(CREDENTIALS).toString();
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const get = (query: string, headers?: Record<string, string>): Sent => ({ method: 'GET', url: `/admin/api.php?${query}`, headers });
const post = (body: string, headers: Record<string, string> = form, url = '/admin/api.php'): Sent => ({
  method: 'POST',
  url,
  headers,
  body,
});
const control = (url: string, body: object): Sent => ({
  method: 'POST',
  url,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

// Each step goes to both apps; control steps change state, faults and clocks alike on both.
const STEPS: Sent[] = [
  get(`call=getCurrencies&${auth}`),
  get(`call=getInvoiceDetails&id=1&${auth}`),
  post(`call=getInvoiceDetails&id=1&${auth}`),
  post(`call=getInvoiceDetails&id=1&${auth}`, { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' }),
  post(`id=2&${auth}`, form, '/admin/api.php?call=getInvoiceDetails&id=1'),
  get(`call=getInvoiceDetails&id=1&${auth}`, { origin: 'https://app.example.com' }),
  get(`call=getInvoiceDetails&id=1&${auth}`, { origin: 'https://evil.example.net' }),
  get(`call=getInvoiceDetails&id=999999&${auth}`),
  get(`call=getInvoiceDetails&${auth}`),
  get(`call=getInvoiceDetails&id=1&api_id=billsim&api_key=wrong`),
  get('call=getCurrencies'),
  get(''),
  get(`call=getInvoiceDetalis&${auth}`),
  get(`call=getCurrencies&${auth}`, { 'x-billsim-session': 'not a valid name!' }),
  get(`call=getEstimateDetails&id=1&${auth}`, { 'x-billsim-session': 'other' }),
  get(`call=editEstimateDetails&id=1&subject=changed&password=secret&${auth}`, { 'x-billsim-session': 'other' }),
  get(`call=getEstimateDetails&id=1&${auth}`, { 'x-billsim-session': 'other' }),
  get(`call=getEstimateDetails&id=1&${auth}`),
  post(`call=bulkAddProducts&products%5B0%5D%5Bcopyof%5D=1&products%5B0%5D%5Bname%5D=copy&${auth}`),
  get(`call=getProducts&${auth}&a[b][c][d][e][f][g][h][i][j]=deep`),
  get(`call=getCurrencies&${auth}&outputformat=json&unknown=1`),
  control('/__billsim/faults', { call: 'getCurrencies', status: 503, times: 1 }),
  get(`call=getCurrencies&${auth}`),
  control('/__billsim/faults', { call: 'getCurrencies', status: 204, times: 1 }),
  get(`call=getCurrencies&${auth}`),
  control('/__billsim/faults', { call: '*', error: ['Registrar unreachable'], times: 1 }),
  post(`call=getInvoiceDetails&id=1&${auth}`),
  get(`call=getCurrencies&${auth}`),
  control('/__billsim/clock', { advanceSeconds: 86_400 * 3 }),
  get(`call=getInvoiceDetails&id=1&${auth}`),
  // Fastify's way: other encodings, other methods, a body it must refuse.
  post(JSON.stringify({ call: 'getCurrencies', ...CREDENTIALS }), { 'content-type': 'application/json' }),
  post(`call=getCurrencies&${auth}`, { 'content-type': 'text/plain' }),
  { method: 'GET', url: `/admin/api.php/?call=getCurrencies&${auth}` },
  { method: 'DELETE', url: `/admin/api.php?call=getCurrencies&${auth}` },
  { method: 'HEAD', url: `/admin/api.php?call=getCurrencies&${auth}` },
];

// The steps the direct way must not answer (they reach the Fastify route).
const FASTIFY_STEPS = STEPS.slice(-5);

t.test('the direct way answers as the Fastify route does: status, headers, body and journal', async (t) => {
  const { direct, fastify, origin, viaFastify } = await pair(t, { cors: ['https://app.example.com'] });
  for (const sent of STEPS) {
    const label = `${sent.method} ${sent.url} ${sent.body ?? ''}`;
    const [socket, injected] = [await overSocket(origin, sent), await byInject(fastify, sent)];
    t.same(socket, injected, label);
  }
  t.same(
    viaFastify,
    FASTIFY_STEPS.map((s) => `${s.method} ${s.url}`),
    'only the JSON, text and HEAD requests and the odd path went through Fastify',
  );
  for (const session of ['default', 'other']) {
    const journal = async (app: FastifyInstance) => {
      const res = await app.inject({ url: '/__billsim/requests', headers: { 'x-billsim-session': session } });
      const { requests } = res.json() as { requests: { durationMs: number }[] };
      return requests.map(({ durationMs: _, ...entry }) => entry);
    };
    const kept = await journal(direct);
    t.ok(kept.length >= 3, `the ${session} session's journal has entries`);
    t.same(kept, await journal(fastify), `the ${session} session's journal is the same`);
  }
});

t.test('a read after a write, a clock change or a new fault answers the new state', async (t) => {
  const { origin } = await pair(t);
  const read = async () => JSON.parse((await overSocket(origin, get(`call=getEstimateDetails&id=1&${auth}`))).body);
  const before = await read();
  await overSocket(origin, post(`call=editEstimateDetails&id=1&subject=renamed&${auth}`));
  const after = await read();
  t.equal(after.estimate.subject, 'renamed', 'the write is read back');
  t.not(before.estimate.subject, 'renamed');
  await overSocket(origin, control('/__billsim/clock', { advanceSeconds: 3600 }));
  t.equal((await read()).server_time, after.server_time + 3600, 'server_time follows the session clock');
  await overSocket(origin, control('/__billsim/faults', { call: 'getEstimateDetails', error: ['Down for a rehearsal'], times: 1 }));
  t.same((await read()).error, ['Down for a rehearsal'], 'the fault applies at once');
  t.equal((await read()).estimate.subject, 'renamed', 'and only once');
});

t.test('a form body whose characters arrive split between writes is read whole, as Fastify reads it', async (t) => {
  const { direct, fastify, origin } = await pair(t);
  // "é" is two bytes in UTF-8 (C3 A9) and "€" three: the first part ends inside the "€".
  const body = Buffer.from(`call=editEstimateDetails&id=1&subject=Café €uro&${auth}`);
  const cut = body.indexOf(Buffer.from('€')) + 1;
  const { host } = new URL(origin);
  const head = `POST /admin/api.php HTTP/1.1\r\nhost: ${host}\r\ncontent-type: ${form['content-type']}\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n`;
  // The head and the first part go in one write; the rest only once the server has parsed that
  // write (its request event), so the body reaches the server in two reads.
  const parsed = new Promise((resolve) => direct.server.once('request', resolve));
  const socket = net.connect(Number(new URL(origin).port), '127.0.0.1');
  let answer = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => {
    answer += chunk;
  });
  const closed = new Promise((resolve) => socket.on('close', resolve));
  socket.write(Buffer.concat([Buffer.from(head), body.subarray(0, cut)]));
  await parsed;
  socket.end(body.subarray(cut));
  await closed;
  const status = Number(/^HTTP\/1\.1 (\d+)/.exec(answer)?.[1]);
  t.equal(status, 200);
  await fastify.inject({ method: 'POST', url: '/admin/api.php', headers: form, payload: body });
  const subject = async (app: FastifyInstance) =>
    (await app.inject({ url: `/admin/api.php?call=getEstimateDetails&id=1&${auth}` })).json().estimate.subject;
  t.equal(await subject(direct), 'Café €uro', 'the direct way read the split character');
  t.equal(await subject(fastify), 'Café €uro', 'as the Fastify route reads the whole body');
});

t.test('with "*" among the CORS origins every request goes through Fastify', async (t) => {
  const { origin, viaFastify } = await pair(t, { cors: ['*'] });
  const answer = await overSocket(origin, get(`call=getCurrencies&${auth}`, { origin: 'https://a.example.com' }));
  t.equal(answer.status, 200);
  t.equal(viaFastify.length, 1);
});

t.test('both ways log one line per call, with a request id from the same counter', async (t) => {
  const { origin, fastify, lines } = await pair(t);
  await overSocket(origin, get(`call=getCurrencies&${auth}`));
  await byInject(fastify, get(`call=getCurrencies&${auth}`));
  const calls = (list: string[]) =>
    list
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.msg === 'api call')
      .map(({ time: _t, pid: _p, hostname: _h, durationMs: _d, ...entry }) => entry);
  t.same(calls(lines.direct), calls(lines.fastify));
  t.match(calls(lines.direct), [{ reqId: 'req-1', call: 'getCurrencies', success: true, level: 30 }]);
});

t.test("the test helper's inject enters through the direct way, as production's requests do", async (t) => {
  const app = await buildApp({ now: FROZEN_NOW });
  t.teardown(() => app.close());
  const reachedFastify: string[] = [];
  app.addHook('onRequest', async (request) => {
    reachedFastify.push(request.url.split('?')[0]);
  });
  await app.ready();
  throughProductionDoor(app);
  const answer = await app.inject({ url: `/admin/api.php?call=getCurrencies&${auth}` });
  t.equal(answer.json().success, true);
  t.equal((await app.inject({ url: '/__billsim/health' })).statusCode, 200);
  t.strictSame(reachedFastify, ['/__billsim/health'], 'the API request was answered before Fastify; the control route went on to it');
});
