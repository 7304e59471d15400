import t from 'tap';
import { api, assertSuccess, build } from '../../helpers/app.js';
import { read, readEverywhere } from '../../helpers/reads.js';
import { keyOrder } from '../../helpers/shapes.js';

const CALL = 'getProductTypes';

// The published sample (api2 services/getProductTypes.html), as far as the stored copy reads: it is cut inside the 13th item.
const PUBLISHED = [
  { id: '1', type: 'Shared', lptype: 'shared' },
  { id: '2', type: 'Reseller', lptype: 'reseller' },
  { id: '3', type: 'Dedicated', lptype: 'dedicated' },
  { id: '4', type: 'Server', lptype: 'server' },
  { id: '5', type: 'Other', lptype: 'other' },
  { id: '6', type: 'Colocation', lptype: 'colocation' },
  { id: '7', type: 'Marketing', lptype: 'marketing' },
  { id: '9', type: 'DomainsType', lptype: 'domainstype' },
  { id: '10', type: 'bundles', lptype: 'bundles' },
  { id: '11', type: 'ssltype', lptype: 'ssltype' },
  { id: '12', type: 'InternetServices', lptype: 'internetservices' },
];

t.test('getProductTypes answers the published items in their order, keys and types, then the inferred tail', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL);
  t.strictSame(Object.keys(body), ['success', 'types', 'call', 'server_time'], 'the list sits after success, as published');
  const { types } = (await readEverywhere(t, app, CALL)) as { types: Array<Record<string, unknown>> };
  t.strictSame(types.slice(0, PUBLISHED.length), PUBLISHED, 'the readable items, ids as strings');
  for (const item of types) keyOrder(t, item, 'id type lptype');
  t.strictSame(types.slice(PUBLISHED.length), [
    { id: '13', type: 'dnsservice', lptype: 'dnsservice' },
    { id: '14', type: 'onappcloud', lptype: 'onappcloud' },
  ]);
  t.notOk(
    types.some((item) => item.id === '8'),
    'id 8 (domain TLDs) is left out, as in the sample',
  );
});

t.test("the world's products and order pages name their type by these ids", async (t) => {
  const app = await build(t);
  const { types } = (await read(t, app, CALL)) as { types: Array<{ id: string; type: string }> };
  const names = new Map(types.map((item) => [item.id, item.type]));
  const { categories } = (await read(t, app, 'getOrderPages')) as { categories: Array<{ id: string; ptype: string; ptype_id: string }> };
  for (const page of categories.filter((page) => page.ptype_id !== '8')) {
    t.equal(names.get(page.ptype_id), page.ptype, `order page ${page.id}`);
  }
  const vps = (await read(t, app, 'getProducts', { id: '9' })).products as Record<string, { type: string; ptype: string }>;
  t.strictSame([vps['10'].type, names.get(vps['10'].type), vps['10'].ptype], ['4', 'Server', 'vps'], 'a VPS is of type Server');
});

t.test('getProductTypes ignores unknown parameters', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, { id: '1' });
  t.equal((assertSuccess(t, body, CALL).types as unknown[]).length, 13);
});
