// The comparison of one answer with billsim's schema for its call: billsim's
// own answers, then the same answers changed the ways an installation may
// differ, each change found once, where it is, and nothing else.
import t from 'tap';
import { api, build, type Body } from '../helpers/app.js';
import { compareAnswer } from '../../src/cli/drift/compare.js';
import { operations } from '../../src/operations/index.js';

type Row = Record<string, unknown>;
const copy = <T>(value: T): T => structuredClone(value);
/** The same object with its keys in another order. */
const reordered = (row: Row, keys: string[]): Row => Object.fromEntries([...keys, ...Object.keys(row)].map((k) => [k, row[k]]));

t.test("billsim's own answers show no drift, whatever the shape of the envelope", async (t) => {
  const app = await build(t);
  for (const [call, params] of [
    ['getClients', {}],
    ['getProducts', { id: '1' }],
    ['getTicketDepts', {}],
    ['getAffiliates', {}],
    ['getEstimateDetails', { id: '1' }],
  ] as const) {
    t.strictSame(compareAnswer(call, await api(app, call, params), operations[call].answer), [], call);
  }
  const drafts = await api(app, 'getClientDraftOrders', { client_id: '1' });
  t.strictSame(compareAnswer('getClientDraftOrders', drafts, operations.getClientDraftOrders.answer), []);
  t.strictSame(
    compareAnswer('getClientDraftOrders', drafts),
    [
      { path: 'call', kind: 'envelope', expected: '"getClientDraftOrders"', found: '"getOrdersDraft"', count: 1 },
      {
        path: '',
        kind: 'order',
        expected: 'success, orders, sorter, call, server_time',
        found: 'success, orders, call, sorter, server_time',
        count: 1,
      },
    ],
    'held to the usual envelope, the published quirks of getClientDraftOrders are differences',
  );
});

t.test('a key added, missing or of another type in list items: one difference per path and kind, counted', async (t) => {
  const app = await build(t);
  const body = await api(app, 'getClients');
  const clients = body.clients as Row[];
  const changed = copy(body);
  const rows = changed.clients as Row[];
  for (const row of rows) row.phonenumber = '+1 555 0100';
  delete rows[2].email;
  rows[1].services = String(rows[1].services);
  rows[3].services = String(rows[3].services);
  rows[4].companyname = null;
  t.strictSame(compareAnswer('getClients', changed), [
    { path: 'clients[0].phonenumber', kind: 'added', expected: 'absent', found: 'string', count: clients.length },
    { path: 'clients[1].services', kind: 'type', expected: 'integer', found: 'string', count: 2 },
    { path: 'clients[2].email', kind: 'missing', expected: 'present', found: 'absent', count: 1 },
    { path: 'clients[4].companyname', kind: 'type', expected: 'string', found: 'null', count: 1 },
  ]);
});

t.test("keys in another order than the schema's: the object's path, both orders", async (t) => {
  const app = await build(t);
  const body = await api(app, 'getClients');
  const changed = copy(body);
  changed.clients = (changed.clients as Row[]).map((row) => reordered(row, ['id', 'lastname', 'firstname']));
  const order = Object.keys((body.clients as Row[])[0]);
  t.strictSame(compareAnswer('getClients', changed), [
    {
      path: 'clients[0]',
      kind: 'order',
      expected: order.join(', '),
      found: ['id', 'lastname', 'firstname', ...order.slice(3)].join(', '),
      count: (body.clients as Row[]).length,
    },
  ]);
  t.strictSame(
    compareAnswer('getClients', reordered(body, ['success', 'call', 'server_time'])),
    [
      {
        path: '',
        kind: 'order',
        expected: 'success, clients, sorter, call, server_time',
        found: 'success, call, server_time, clients, sorter',
        count: 1,
      },
    ],
    "the result's fields placed before call",
  );
});

t.test('the envelope: success, call and server_time, each by name', async (t) => {
  const app = await build(t);
  const body = await api(app, 'getCurrencies');
  const { success, ...noSuccess } = body;
  void success;
  t.strictSame(compareAnswer('getCurrencies', noSuccess), [
    { path: 'success', kind: 'missing', expected: 'present', found: 'absent', count: 1 },
  ]);
  t.strictSame(compareAnswer('getCurrencies', { ...body, server_time: String(body.server_time) }), [
    { path: 'server_time', kind: 'type', expected: 'integer', found: 'string', count: 1 },
  ]);
  t.strictSame(compareAnswer('getCurrencies', { ...body, call: 'currencies' }), [
    { path: 'call', kind: 'envelope', expected: '"getCurrencies"', found: '"currencies"', count: 1 },
  ]);
  t.strictSame(compareAnswer('getCurrencies', []), [
    { path: '', kind: 'envelope', expected: 'an object with success, call and server_time', found: 'array', count: 1 },
  ]);
});

t.test('objects keyed by id and anyOf: PHP empty arrays fit, other types name every type allowed', async (t) => {
  const app = await build(t);
  const body = await api(app, 'getProducts', { id: '1' });
  t.strictSame(compareAnswer('getProducts', { ...body, products: [] }), [], 'no product: []');
  const changed = copy(body) as Body & { products: Record<string, Row> };
  const [first, second] = Object.keys(changed.products);
  changed.products[first].m = 4.95;
  changed.products[second].m = 8.95;
  t.strictSame(compareAnswer('getProducts', changed), [
    { path: `products.${first}.m`, kind: 'type', expected: 'string', found: 'number', count: 2 },
  ]);
  const [difference] = compareAnswer('getProducts', { ...body, products: 'none' });
  t.match(difference, { path: 'products', kind: 'type', found: 'string', count: 1 });
  t.match(difference.expected, /object/);
  t.match(difference.expected, /array/);
});
