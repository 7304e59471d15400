import t from 'tap';
import { api, assertError, assertSuccess, build } from '../helpers/app.js';

const BAD = ['Authentication failed: invalid api_id or api_key'];

t.test('missing credentials name the missing parameter', async (t) => {
  const app = await build(t);
  assertError(t, await api(app, 'getCurrencies', {}, { credentials: null }), 'getCurrencies', [
    'Authentication failed: parameter api_id is required',
  ]);
  assertError(t, await api(app, 'getCurrencies', {}, { credentials: { api_id: 'billsim' } }), 'getCurrencies', [
    'Authentication failed: parameter api_key is required',
  ]);
});

t.test('a wrong key and an unknown id get the same answer', async (t) => {
  const app = await build(t);
  assertError(t, await api(app, 'getCurrencies', {}, { credentials: { api_id: 'billsim', api_key: 'nope' } }), 'getCurrencies', BAD);
  assertError(
    t,
    await api(app, 'getCurrencies', {}, { credentials: { api_id: 'nobody', api_key: 'billsim-secret' } }),
    'getCurrencies',
    BAD,
  );
  for (const via of ['form', 'multipart', 'json'] as const) {
    assertError(t, await api(app, 'getCurrencies', {}, { via, credentials: { api_id: 'billsim', api_key: 'x' } }), 'getCurrencies', BAD);
  }
});

t.test('credentials are checked before the call name', async (t) => {
  const app = await build(t);
  assertError(t, await api(app, 'noSuchCall', {}, { credentials: { api_id: 'billsim', api_key: 'x' } }), 'noSuchCall', BAD);
});

t.test('IP allow-lists: single address, CIDR range, refusal names the IP', async (t) => {
  const app = await build(t);
  const query = (id: string, key: string) => `/admin/api.php?call=getCurrencies&api_id=${id}&api_key=${key}`;
  const office = await app.inject({ url: query('office', 'office-secret'), remoteAddress: '192.0.2.10' });
  t.equal(office.json().success, true, 'office key from its own address');
  const elsewhere = await app.inject({ url: query('office', 'office-secret'), remoteAddress: '192.0.2.11' });
  t.strictSame(elsewhere.json().error, ['Authentication failed: client IP 192.0.2.11 is not on the allow-list of this API key']);
  const inRange = await app.inject({ url: query('readonly', 'readonly-secret'), remoteAddress: '10.20.30.40' });
  t.equal(inRange.json().success, true, 'readonly key from 10.0.0.0/8');
  const outOfRange = await app.inject({ url: query('readonly', 'readonly-secret'), remoteAddress: '11.0.0.1' });
  t.strictSame(outOfRange.json().error, ['Authentication failed: client IP 11.0.0.1 is not on the allow-list of this API key']);
  const mapped = await app.inject({ url: query('readonly', 'readonly-secret'), remoteAddress: '::ffff:10.0.0.7' });
  t.equal(mapped.json().success, true, 'an IPv4-mapped IPv6 address counts as its IPv4 address');
});

t.test('a key limited to some calls refuses the others', async (t) => {
  const app = await build(t);
  const creds = { api_id: 'readonly', api_key: 'readonly-secret' };
  assertSuccess(t, await api(app, 'getCurrencies', {}, { credentials: creds }), 'getCurrencies');
  assertError(t, await api(app, 'getNewsItem', { id: '1' }, { credentials: creds }), 'getNewsItem', [
    'Access denied: call getNewsItem is not enabled for this API key',
  ]);
});

t.test('credentials option replaces access record 1 (BILLSIM_API_ID / BILLSIM_API_KEY)', async (t) => {
  const app = await build(t, { credentials: { apiId: 'ci', apiKey: 'ci-key' } });
  assertSuccess(t, await api(app, 'getCurrencies', {}, { credentials: { api_id: 'ci', api_key: 'ci-key' } }), 'getCurrencies');
  assertError(t, await api(app, 'getCurrencies'), 'getCurrencies', BAD);
});
