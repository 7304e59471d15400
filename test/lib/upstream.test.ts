import http from 'node:http';
import type { AddressInfo } from 'node:net';
import t, { type Test } from 'tap';
import {
  callUpstream,
  endpointOf,
  envelopeErrors,
  formEncode,
  isPrivateHost,
  plainHttpWarning,
  withoutKey,
  type Upstream,
} from '../../src/lib/upstream.js';

type Handler = (body: URLSearchParams, request: http.IncomingMessage, response: http.ServerResponse) => void;

/** A small installation on 127.0.0.1 answering with `handler`; closed when the test ends. */
async function installation(t: Test, handler: Handler): Promise<{ upstream: Upstream; hits: URLSearchParams[] }> {
  const hits: URLSearchParams[] = [];
  const server = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => {
      const body = new URLSearchParams(text);
      hits.push(body);
      handler(body, request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  return {
    upstream: { url: endpointOf(`http://127.0.0.1:${port}`), apiId: 'up-id', apiKey: 'up-key-SECRET', timeoutMs: 10_000, retries: 2 },
    hits,
  };
}

const json = (response: http.ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

t.test('endpointOf: a bare address gets admin/api.php, a .php address is kept, anything else is a usage error', async (t) => {
  t.equal(endpointOf('https://billing.example.com').href, 'https://billing.example.com/admin/api.php');
  t.equal(endpointOf('https://billing.example.com/hb/').href, 'https://billing.example.com/hb/admin/api.php');
  t.equal(endpointOf('http://10.0.0.5:8080/admin/api.php?x=1').href, 'http://10.0.0.5:8080/admin/api.php');
  for (const bad of ['billing.example.com', 'ftp://x/admin/api.php', 'https://user:pw@x.example']) {
    t.match(
      t.throws(() => endpointOf(bad)),
      { name: 'UpstreamError', kind: 'usage' },
      bad,
    );
  }
});

t.test('plain http is warned about only off loopback and private networks', async (t) => {
  for (const host of ['127.0.0.1', 'localhost', '10.1.2.3', '172.20.0.1', '192.168.1.9', 'box.local', '[::1]', '[::ffff:127.0.0.1]']) {
    t.equal(isPrivateHost(host), true, host);
    t.equal(plainHttpWarning(new URL(`http://${host}/admin/api.php`)), undefined, host);
  }
  t.equal(isPrivateHost('172.32.0.1'), false);
  t.equal(isPrivateHost('[::ffff:8.8.8.8]'), false);
  t.match(plainHttpWarning(new URL('http://billing.example.com/admin/api.php')), /unencrypted/);
  t.equal(plainHttpWarning(new URL('https://billing.example.com/admin/api.php')), undefined);
});

t.test('formEncode writes nested values as PHP bracket keys', async (t) => {
  const form = formEncode({ call: 'addInvoice', items: [{ qty: 1, amount: '2.50' }], opt: { a: 'x' }, skip: undefined });
  t.same(
    [...form.entries()],
    [
      ['call', 'addInvoice'],
      ['items[0][qty]', '1'],
      ['items[0][amount]', '2.50'],
      ['opt[a]', 'x'],
    ],
  );
});

t.test('withoutKey removes the key, plain and URL-encoded', async (t) => {
  t.equal(withoutKey('a k/y+ b k%2Fy%2B c', { apiKey: 'k/y+' }), 'a **** b **** c');
});

t.test('a call is POSTed with the credentials and its JSON answered at any status', async (t) => {
  const { upstream, hits } = await installation(t, (_body, _request, response) =>
    json(response, 200, { success: false, call: 'getClients', error: ['Invalid api key'] }),
  );
  const answer = await callUpstream(upstream, 'getClients', { page: 2 });
  t.equal(answer.status, 200);
  t.same(envelopeErrors(answer.json), ['Invalid api key']);
  t.same(Object.fromEntries(hits[0]), { page: '2', call: 'getClients', api_id: 'up-id', api_key: 'up-key-SECRET' });
});

t.test('an HTML page is refused as not the API, naming the status', async (t) => {
  const { upstream } = await installation(t, (_body, _request, response) => {
    response.writeHead(502, { 'content-type': 'text/html' });
    response.end('<html>Bad gateway</html>');
  });
  const error = await callUpstream(upstream, 'getClients', {}, { retry: false }).catch((e) => e);
  t.equal(error.kind, 'html');
  t.match(error.message, /HTML page \(HTTP 502\)/);
});

t.test('502 is retried for reads and the later answer used; a write is sent once', async (t) => {
  let n = 0;
  const { upstream, hits } = await installation(t, (body, _request, response) => {
    n += 1;
    if (body.get('call') === 'getClients' && n === 1) return json(response, 502, { success: false, error: ['busy'] });
    json(response, 200, { success: true, call: body.get('call') });
  });
  const read = await callUpstream(upstream, 'getClients', {});
  t.equal(read.status, 200);
  t.equal(hits.length, 2);
  n = 0;
  const once = await installation(t, (_body, _request, response) => json(response, 502, { success: false, error: ['busy'] }));
  const write = await callUpstream(once.upstream, 'addClient', {}, { retry: false });
  t.equal(write.status, 502, 'the write answer is handed back, not retried');
  t.equal(once.hits.length, 1);
});

t.test('an installation that does not answer in time times out after its retries', async (t) => {
  const { upstream, hits } = await installation(t, () => undefined);
  const error = await callUpstream({ ...upstream, timeoutMs: 50, retries: 1 }, 'getClients', {}).catch((e) => e);
  t.equal(error.kind, 'timeout');
  t.match(error.message, /within 50 ms/);
  t.equal(hits.length, 2);
});

t.test('an unreachable host is named without the key', async (t) => {
  const upstream: Upstream = { url: endpointOf('http://127.0.0.1:9'), apiId: 'i', apiKey: 'SECRET', timeoutMs: 500, retries: 0 };
  const error = await callUpstream(upstream, 'getClients', {}).catch((e) => e);
  t.equal(error.kind, 'unreachable');
  t.match(error.message, /cannot reach http:\/\/127\.0\.0\.1:9\/admin\/api\.php/);
  t.notMatch(error.message, /SECRET/);
});
