// A stub's failure below the envelope, end to end: a listening server, a stub
// per failure, and a real client (fetch and node:http) that sees that failure,
// both through the direct way in (GET) and through Fastify (a JSON body).
import http from 'node:http';
import t from 'tap';
import { createSimulator } from '../../src/simulator.js';
import { CREDENTIALS, FROZEN_NOW } from '../helpers/app.js';
import { BAD_GATEWAY_HTML } from '../../src/http/failures.js';

const SLOW_MS = 150;

/** What node:http saw: the status and body, or the error code. */
function viaNodeHttp(url: string, init: { method: string; body?: string }): Promise<{ status?: number; body?: string; code?: string }> {
  return new Promise((resolve) => {
    const request = http.request(url, { method: init.method, headers: init.body ? { 'content-type': 'application/json' } : {} }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode, body }));
      res.on('error', (error: NodeJS.ErrnoException) => resolve({ code: error.code }));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ code: error.code }));
    request.end(init.body);
  });
}

t.test('each failure a stub answers with is seen as that failure by fetch and by node:http', async (t) => {
  const sim = await createSimulator({ now: FROZEN_NOW });
  t.teardown(() => sim.close());
  const url = await sim.listen();
  const s = sim.session();
  const calls = { reset: 'getClients', empty: 'getOrders', malformed: 'getInvoices', html: 'getCurrencies', slow: 'getNews' } as const;
  for (const [failure, call] of Object.entries(calls)) {
    await s.stub({ call, failure: failure as never, ...(failure === 'slow' && { delayMs: SLOW_MS, answer: { news: [] } }) });
  }
  // Both ways in: a GET is answered directly from node:http, a JSON body goes through Fastify.
  const ways: ((call: string) => { url: string; init: { method: string; body?: string } })[] = [
    (call: string) => ({ url: `${url}?${new URLSearchParams({ call, ...CREDENTIALS })}`, init: { method: 'GET' } }),
    (call: string) => ({ url, init: { method: 'POST', body: JSON.stringify({ call, ...CREDENTIALS }) } }),
  ];
  for (const [way, request] of ways.entries()) {
    const name = way === 0 ? 'GET' : 'JSON POST';
    const send = (call: string) => {
      const { url: target, init } = request(call);
      return fetch(target, { ...init, headers: init.body ? { 'content-type': 'application/json' } : {} });
    };
    await t.rejects(send(calls.reset), { name: 'TypeError', message: 'fetch failed' }, `${name} reset: fetch fails`);
    t.equal((await viaNodeHttp(request(calls.reset).url, request(calls.reset).init)).code, 'ECONNRESET', `${name} reset: ECONNRESET`);

    const empty = await send(calls.empty);
    t.strictSame([empty.status, await empty.text()], [200, ''], `${name} empty`);
    t.strictSame(await viaNodeHttp(request(calls.empty).url, request(calls.empty).init), { status: 200, body: '' });

    const malformed = await send(calls.malformed);
    t.equal(malformed.status, 200);
    await t.rejects(malformed.json(), SyntaxError, `${name} malformed: not JSON`);
    const seen = await viaNodeHttp(request(calls.malformed).url, request(calls.malformed).init);
    t.throws(() => JSON.parse(seen.body ?? ''), SyntaxError);

    const html = await send(calls.html);
    t.strictSame([html.status, html.headers.get('content-type'), await html.text()], [502, 'text/html', BAD_GATEWAY_HTML], `${name} html`);

    const started = performance.now();
    const slow = await send(calls.slow);
    t.strictSame(
      await slow.json(),
      { success: true, news: [], call: 'getNews', server_time: 1795176000 },
      `${name} slow: the whole answer`,
    );
    t.ok(performance.now() - started >= SLOW_MS - 10, `${name} slow: not before ${SLOW_MS} ms`);
  }
  const journal = await s.requests({ call: calls.html, limit: 1 });
  t.match(journal[0], {
    success: false,
    stub: '4',
    answer: '',
    error: ['Answered by stub 4 with the html failure instead of an envelope'],
  });
});
