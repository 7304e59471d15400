import http from 'node:http';
import type { AddressInfo } from 'node:net';
import t, { type Test } from 'tap';
import { createReader, ImportFailure, refusesCredentials } from '../../src/cli/import/reader.js';

async function installation(t: Test, answer: (call: string) => unknown) {
  const calls: string[] = [];
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      const call = new URLSearchParams(text).get('call')!;
      calls.push(call);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ call, server_time: 1795000000, ...(answer(call) as object) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => server.close());
  const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/admin/api.php`);
  return { upstream: { url, apiId: 'id', apiKey: 'sekrit-key', timeoutMs: 2000, retries: 0 }, calls };
}

t.test('which refusals end the import and which skip one call', async (t) => {
  t.ok(refusesCredentials(['Authentication failed: invalid api_id or api_key']));
  t.ok(refusesCredentials(['Authentication failed: client IP 1.2.3.4 is not on the allow-list of this API key']));
  t.ok(refusesCredentials(['Invalid API id or API key']));
  t.notOk(refusesCredentials(['Access denied: call getNews is not enabled for this API key']));
  t.notOk(refusesCredentials(['Product 4 not found']));
});

t.test('a refused call is skipped once with its reason; refused credentials fail without the key', async (t) => {
  const { upstream } = await installation(t, (call) =>
    call === 'getNews'
      ? { success: false, error: ['Access denied: call getNews is not enabled for this API key'] }
      : call === 'getAddons'
        ? { success: false, error: ['Authentication failed: bad key sekrit-key'] }
        : { success: true, call, items: [] },
  );
  const reader = createReader(upstream, { concurrency: 2, maxRequests: 100 });
  t.strictSame(await reader.read('getCurrencies'), { call: 'getCurrencies', server_time: 1795000000, success: true, items: [] });
  t.equal(await reader.read('getNews'), undefined);
  t.equal(await reader.read('getNews', { page: '1' }), undefined);
  t.strictSame([...reader.skipped], [['getNews', 'Access denied: call getNews is not enabled for this API key']]);
  await t.rejects(
    reader.read('getAddons'),
    new ImportFailure(`${upstream.url.origin} refused the credentials: Authentication failed: bad key ****`),
  );
  await t.rejects(reader.read('getCurrencies'), /refused the credentials/, 'after a failure nothing more is asked');
  t.equal(reader.done(), 4);
});

t.test('only read calls are sent', async (t) => {
  const { upstream, calls } = await installation(t, () => ({ success: true }));
  const reader = createReader(upstream, { concurrency: 1, maxRequests: 100 });
  await t.rejects(reader.read('addClient'), /import asked for addClient, which is not a read call/);
  t.strictSame(calls, []);
});

t.test('successes are counted apart from answers', async (t) => {
  const { upstream } = await installation(t, (call) =>
    call === 'getNews' ? { success: false, error: ['No access to getNews'] } : { success: true },
  );
  const reader = createReader(upstream, { concurrency: 1, maxRequests: 100 });
  await reader.read('getNews');
  await reader.read('getAddons');
  t.strictSame([reader.done(), reader.succeeded()], [2, 1]);
});
