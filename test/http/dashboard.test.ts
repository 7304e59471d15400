// The dashboard's routes and the control features it added, over HTTP: the page
// and its files with their headers, one fault removed, state a page at a time,
// and the journal keeping each answer.
import t from 'tap';
import fs from 'node:fs';
import { api, build } from '../helpers/app.js';
import { DASHBOARD_CSP, DASHBOARD_DIR } from '../../src/http/dashboard/routes.js';
import { operations } from '../../src/operations/index.js';
import { routeRegistry } from '../../src/userapi/index.js';
import { doorTable } from '../../src/http/userapi-routes.js';

t.test('/ leads to the page, which is served with a strict policy and an ETag', async (t) => {
  const app = await build(t);
  const root = await app.inject({ url: '/' });
  t.equal(root.statusCode, 302);
  t.equal(root.headers.location, '/__billsim/');
  const page = await app.inject({ url: '/__billsim/' });
  t.equal(page.statusCode, 200);
  t.equal(page.headers['content-type'], 'text/html; charset=utf-8');
  t.equal(page.headers['content-security-policy'], DASHBOARD_CSP);
  t.match(DASHBOARD_CSP, /script-src 'self'/);
  t.notMatch(DASHBOARD_CSP, /unsafe/);
  t.equal(page.headers['cache-control'], 'no-cache');
  t.equal(page.body, fs.readFileSync(`${DASHBOARD_DIR}/index.html`, 'utf8'));
  t.notMatch(page.body, /<script>|<style|\sstyle=|\son[a-z]+=/, 'nothing inline in the page');
  const again = await app.inject({ url: '/__billsim/', headers: { 'if-none-match': String(page.headers.etag) } });
  t.equal(again.statusCode, 304);
  t.equal(again.body, '');
  t.equal((await app.inject({ url: '/__billsim' })).statusCode, 200, 'without the slash too');
});

t.test(
  'the browser modules, the stylesheet and meta.json are served by name; anything else is a 404 saying where the page is',
  async (t) => {
    const app = await build(t);
    const main = await app.inject({ url: '/__billsim/dashboard/main.js' });
    t.equal(main.statusCode, 200);
    t.equal(main.headers['content-type'], 'text/javascript; charset=utf-8');
    t.equal(main.headers['x-content-type-options'], 'nosniff');
    t.equal((await app.inject({ url: '/__billsim/dashboard/style.css' })).headers['content-type'], 'text/css; charset=utf-8');
    const meta = (await app.inject({ url: '/__billsim/dashboard/meta.json' })).json();
    // The customer's door's routes too: faults and stubs may name them.
    t.strictSame(meta.calls, [...Object.keys(operations), ...doorTable(routeRegistry).map((entry) => entry.key)].sort());
    t.strictSame(meta.fields.orders.slice(0, 3), ['id', 'number', 'client_id']);
    t.ok(new RegExp(meta.secretFields.pattern, meta.secretFields.flags).test('api_key'));
    t.match(meta.limits, {
      fault: { status: { minimum: 200, maximum: 599 }, delayMs: { minimum: 0, maximum: 60000 }, times: { minimum: 1 } },
      snapshot: { name: { minLength: 1, maxLength: 64 } },
    });
    for (const url of ['/__billsim/dashboard/nothing.js', '/__billsim/dashboard/..%2Fpackage.json', '/__billsim/dashboard/index.html']) {
      const missing = await app.inject({ url });
      t.equal(missing.statusCode, 404, url);
      t.match(missing.json(), { error: /^No dashboard file .*: the page is at GET \/__billsim\/$/ });
    }
    t.strictSame((await app.inject({ method: 'POST', url: '/__billsim/' })).json(), {
      error: 'POST is not allowed on /__billsim/: use GET',
    });
  },
);

t.test('with a control token the page and its files are open and the data is not', async (t) => {
  const app = await build(t, { controlToken: 'dash-token' });
  t.equal((await app.inject({ url: '/__billsim/' })).statusCode, 200);
  t.equal((await app.inject({ url: '/__billsim/dashboard/api.js' })).statusCode, 200);
  t.equal((await app.inject({ url: '/__billsim/requests' })).statusCode, 401);
  const sent = await app.inject({ url: '/__billsim/requests', headers: { authorization: 'Bearer dash-token' } });
  t.strictSame(sent.json(), { requests: [] });
});

t.test('DELETE /__billsim/faults/:id removes that fault only', async (t) => {
  const app = await build(t);
  const add = (call: string) => app.inject({ method: 'POST', url: '/__billsim/faults', payload: { call, error: ['Down'] } });
  await add('getInvoiceDetails');
  await add('getClients');
  t.strictSame((await app.inject({ method: 'DELETE', url: '/__billsim/faults/1', headers: { 'x-billsim-control': '1' } })).json(), {
    deleted: '1',
    session: 'default',
  });
  t.strictSame(
    (await app.inject({ url: '/__billsim/faults' })).json().faults.map((f: { id: number; call: string }) => [f.id, f.call]),
    [['2', 'getClients']],
  );
  const again = await app.inject({ method: 'DELETE', url: '/__billsim/faults/1', headers: { 'x-billsim-control': '1' } });
  t.strictSame(
    [again.statusCode, again.json()],
    [404, { error: 'Fault 1 not found in session "default": GET /__billsim/faults lists them' }],
  );
  const bad = await app.inject({ method: 'DELETE', url: '/__billsim/faults/x', headers: { 'x-billsim-control': '1' } });
  t.strictSame([bad.statusCode, bad.json()], [400, { error: 'id must be a whole number from 1' }]);
  t.match(await api(app, 'getInvoiceDetails', { id: '1' }), { success: true }, 'the removed fault no longer applies');
});

t.test('GET /__billsim/state/:collection pages newest first and filters by a field', async (t) => {
  const app = await build(t);
  const get = async (url: string) => {
    const response = await app.inject({ url: `/__billsim/state/${url}` });
    return { status: response.statusCode, body: response.json() };
  };
  const page = await get('invoices?page=1&perpage=5');
  t.strictSame(
    page.body.invoices.map((i: { id: string }) => i.id),
    ['7', '6', '5', '4', '3'],
  );
  t.strictSame(page.body.sorter, { perpage: 5, totalpages: 3, sorterrecords: 12, sorterpage: 2 });
  t.equal((await get('invoices')).body.invoices.length, 12, 'without page or perpage: all of them, as before');
  t.equal((await get('invoices')).body.sorter, undefined);
  const services = await get('accounts?field=order_id&value=1001&page=0');
  t.strictSame(
    services.body.accounts.map((a: { id: string }) => a.id),
    ['1'],
  );
  t.equal(services.body.sorter.sorterrecords, 1);
  t.strictSame((await get('accounts?field=order_id&value=999')).body, { accounts: [] });
  const unknown = await get('accounts?field=colour&value=1');
  t.equal(unknown.status, 400);
  t.match(unknown.body.error, /^field must be one field of accounts \(id, client_id, order_id, /);
  t.strictSame(await get('invoices?perpage=0'), { status: 400, body: { error: 'perpage must be a whole number from 1 to 1000' } });
  t.strictSame(await get('invoices?limit=1'), {
    status: 400,
    body: { error: 'Unknown state query field "limit": send only page, perpage, field, value' },
  });
});

t.test('the journal keeps the very text each request was answered', async (t) => {
  const app = await build(t);
  const response = await app.inject({ url: '/admin/api.php?call=getInvoiceDetails&id=1&api_id=billsim&api_key=billsim-secret' });
  const [entry] = (await app.inject({ url: '/__billsim/requests' })).json().requests;
  t.equal(entry.answer, response.body);
  t.equal(response.headers['content-type'], 'application/json; charset=utf-8');
  await api(app, 'getInvoices', { perpage: '1000' });
  t.ok((await app.inject({ url: '/__billsim/requests?limit=1' })).json().requests[0].answer.length < 17_000, 'a long answer is cut');
});
