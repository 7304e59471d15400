import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import { CREDENTIALS, api, assertSuccess, build, sameEverywhere, type WireParams } from '../../helpers/app.js';
import { refusals } from '../../helpers/refusals.js';
import { ORDER_ROW_1019 } from '../../helpers/records.js';

const CALL = 'getOrders';
const ALL = [
  '1021',
  '1020',
  '1019',
  '1018',
  '1017',
  '1016',
  '1015',
  '1014',
  '1013',
  '1012',
  '1011',
  '1010',
  '1009',
  '1008',
  '1007',
  '1006',
  '1005',
  '1004',
  '1003',
  '1002',
  '1001',
];
const ACTIVE = ALL.filter((id) => !['1018', '1017', '1015'].includes(id));
const SCHEMA = JSON.parse(readFileSync(new URL('../../../schemas/operations/orders/getOrders.json', import.meta.url), 'utf8'));
const ITEM_KEYS = Object.keys(SCHEMA.definitions.order.properties);

type Item = Record<string, unknown> & { id: string };

async function list(t: Test, app: FastifyInstance, params: WireParams = {}) {
  return assertSuccess(t, await api(app, CALL, params), CALL) as { orders: Item[]; sorter: unknown };
}

async function ids(t: Test, app: FastifyInstance, params: WireParams = {}): Promise<string[]> {
  return (await list(t, app, { perpage: '100', ...params })).orders.map((o) => o.id);
}

t.test('getOrders lists orders newest first with client names, gateway name and invoice state', async (t) => {
  const app = await build(t);
  const body = await sameEverywhere(t, app, CALL, { perpage: '4' });
  t.strictSame(assertSuccess(t, body, CALL), {
    orders: [
      {
        id: '1021',
        date_created: '2026-02-09 13:07:13',
        number: '156939012',
        client_id: '1',
        total: '6.00',
        status: 'Active',
        firstname: 'Alice',
        lastname: 'Morgan',
        module: 'Stripe',
        invtotal: null,
        invstatus: null,
        currency_id: '0',
        invoice_id: '0',
        payment_module: '2',
      },
      {
        id: '1020',
        date_created: '2026-06-11 12:00:00',
        number: '156890741',
        client_id: '6',
        total: '9.95',
        status: 'Active',
        firstname: 'Farid',
        lastname: 'Haddad',
        module: 'Bank Transfer',
        invtotal: null,
        invstatus: null,
        currency_id: '0',
        invoice_id: '0',
        payment_module: '3',
      },
      ORDER_ROW_1019,
      {
        id: '1018',
        date_created: '2026-11-18 10:46:34',
        number: '156794199',
        client_id: '7',
        total: '67.00',
        status: 'Pending',
        firstname: 'Grace',
        lastname: 'Liu',
        module: 'Stripe',
        invtotal: '75.04',
        invstatus: 'Unpaid',
        currency_id: '0',
        invoice_id: '8',
        payment_module: '2',
      },
    ],
    sorter: { perpage: 4, totalpages: 6, sorterrecords: 21, sorterpage: 1 },
  });
  t.strictSame(await ids(t, app), ALL, 'every order, newest (highest id) first');
});

t.test("getOrders items keep the schema's key order, which real clients read by adjacency", async (t) => {
  const app = await build(t);
  t.strictSame(ITEM_KEYS.slice(0, 2), ['id', 'date_created'], 'id is followed by date_created');
  const { orders } = await list(t, app, { perpage: '100' });
  for (const order of orders) t.strictSame(Object.keys(order), ITEM_KEYS, `order ${order.id}`);

  const response = await app.inject({ method: 'GET', url: `/admin/api.php?${new URLSearchParams({ call: CALL, ...CREDENTIALS })}` });
  t.ok(response.body.startsWith('{"success":true,"orders":[{"id":'), 'the mobile client skips exactly this prefix');
  const text = response.body;
  for (const pair of ['"status":"Active","firstname"', '"lastname":"Morgan","module"', '"invtotal":null,"invstatus":null,"currency_id"']) {
    t.ok(text.includes(pair), `adjacent: ${pair}`);
  }
});

t.test("getOrders shows the invoice's live total and status, null without an invoice", async (t) => {
  const app = await build(t);
  const byId = async (id: string) => (await list(t, app, { perpage: '100' })).orders.find((o) => o.id === id);
  t.match(await byId('1001'), { invoice_id: '1', invtotal: '15.10', invstatus: 'Paid' });
  t.match(await byId('1003'), { invoice_id: '3', invtotal: '5.20', invstatus: 'Unpaid', currency_id: '2' });
  t.match(await byId('1005'), { invoice_id: '0', invtotal: null, invstatus: null });
  assertSuccess(t, await api(app, 'setOrderCancel', { id: '1018' }), 'setOrderCancel');
  t.match(await byId('1018'), { status: 'Cancelled', invtotal: '75.04', invstatus: 'Cancelled' }, 'follows the invoice');
});

t.test('getOrders list= picks a status', async (t) => {
  const app = await build(t);
  const cases: Array<[string, string[]]> = [
    ['all', ALL],
    ['active', ACTIVE],
    ['pending', ['1018']],
    ['fraud', ['1017']],
    ['cancelled', ['1015']],
  ];
  for (const [name, expected] of cases) t.strictSame(await ids(t, app, { list: name }), expected, name);
  const { orders } = await list(t, app, { list: 'active', perpage: '100' });
  t.ok(
    orders.every((o) => o.status === 'Active'),
    'only Active orders',
  );

  // Status moves re-file orders, and each list stays newest first.
  assertSuccess(t, await api(app, 'setOrderStatus', { id: '1001', status: 'Fraud' }), 'setOrderStatus');
  assertSuccess(t, await api(app, 'setOrderStatus', { id: '1019', status: 'Pending' }), 'setOrderStatus');
  assertSuccess(t, await api(app, 'setOrderStatus', { id: '1003', status: 'Pending' }), 'setOrderStatus');
  t.strictSame(await ids(t, app, { list: 'fraud' }), ['1017', '1001']);
  t.strictSame(await ids(t, app, { list: 'pending' }), ['1019', '1018', '1003']);
  assertSuccess(t, await api(app, 'setOrderStatus', { id: '1001', status: 'Active' }), 'setOrderStatus');
  t.strictSame(
    await ids(t, app, { list: 'active' }),
    ACTIVE.filter((id) => !['1019', '1003'].includes(id)),
    'back in its place',
  );
});

t.test('getOrders pages with page (from 0) and perpage', async (t) => {
  const app = await build(t);
  const pages = [];
  for (const page of ['0', '1', '2', '3']) pages.push(await list(t, app, { perpage: '7', page }));
  t.strictSame(
    pages.map((p) => p.orders.map((o) => o.id)),
    [ALL.slice(0, 7), ALL.slice(7, 14), ALL.slice(14), []],
  );
  t.strictSame(
    pages.map((p) => p.sorter),
    [1, 2, 3, 4].map((sorterpage) => ({ perpage: 7, totalpages: 3, sorterrecords: 21, sorterpage })),
  );
  t.strictSame((await list(t, app)).sorter, { perpage: 25, totalpages: 1, sorterrecords: 21, sorterpage: 1 }, '25 a page by default');
  t.strictSame(await list(t, app, { list: 'fraud', perpage: '1', page: '1' }), {
    orders: [],
    sorter: { perpage: 1, totalpages: 1, sorterrecords: 1, sorterpage: 2 },
  });
});

t.test('a new order comes first', async (t) => {
  const app = await build(t);
  // Emma (client 5) pays in EUR with French VAT: 5.49 -> 5.06, plus 20% -> 6.07.
  const placed = await api(app, 'addOrder', { client_id: '5', product: '4', cycle: 'm', invoice_generate: '1' });
  assertSuccess(t, placed, 'addOrder');
  const [first] = (await list(t, app, { perpage: '1' })).orders;
  t.strictSame(first, {
    id: '1022',
    date_created: '2026-11-20 12:00:00',
    number: '156987283',
    client_id: '5',
    total: '6.07',
    status: 'Pending',
    firstname: 'Emma',
    lastname: 'Laurent',
    module: 'PayPal',
    invtotal: '6.07',
    invstatus: 'Unpaid',
    currency_id: '1',
    invoice_id: '13',
    payment_module: '1',
  });
  t.strictSame(await ids(t, app, { list: 'pending' }), ['1022', '1018']);
});

refusals('getOrders parameter errors', CALL, [
  [{ list: 'open' }, 'Parameter list must be one of: all, active, pending, fraud, cancelled'],
  [{ page: '-1' }, 'Parameter page must be a page number counted from 0'],
  [{ perpage: '0' }, 'Parameter perpage must be a page size from 1 to 1000'],
]);
