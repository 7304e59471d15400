import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import { CREDENTIALS, api, assertSuccess, build, sameEverywhere, type WireParams } from '../../helpers/app.js';
import { idOrder } from '../../helpers/shapes.js';
import { refusals } from '../../helpers/refusals.js';
import { ORDER_1007_JOINED, ORDER_ROW_1019 } from '../../helpers/records.js';

const CALL = 'getClientOrders';
const ORDERS_SCHEMA = JSON.parse(readFileSync(new URL('../../../schemas/operations/orders/getOrders.json', import.meta.url), 'utf8'));
const ITEM_KEYS = Object.keys(ORDERS_SCHEMA.definitions.order.properties);

type Item = Record<string, unknown> & { id: string; client_id: string };

async function list(t: Test, app: FastifyInstance, params: WireParams) {
  return assertSuccess(t, await api(app, CALL, params), CALL) as { orders: Item[]; sorter: unknown };
}

async function ids(t: Test, app: FastifyInstance, params: WireParams): Promise<string[]> {
  return (await list(t, app, params)).orders.map((o) => o.id);
}

t.test("getClientOrders lists one client's orders newest first, in getOrders' item shape", async (t) => {
  const app = await build(t);
  const body = await sameEverywhere(t, app, CALL, { id: '4' });
  t.strictSame(assertSuccess(t, body, CALL), {
    orders: [
      ORDER_ROW_1019,
      {
        id: '1014',
        date_created: '2026-04-02 15:18:42',
        number: '156601115',
        client_id: '4',
        total: '6.00',
        status: 'Active',
        firstname: 'Daniel',
        lastname: 'Kowalski',
        module: 'PayPal',
        invtotal: null,
        invstatus: null,
        currency_id: '0',
        invoice_id: '0',
        payment_module: '1',
      },
      {
        id: '1007',
        date_created: '2026-09-03 17:29:11',
        number: '156263218',
        client_id: '4',
        total: '64.45',
        status: 'Active',
        ...ORDER_1007_JOINED,
        invoice_id: '4',
        payment_module: '1',
      },
    ],
    sorter: { perpage: 25, totalpages: 1, sorterrecords: 3, sorterpage: 1 },
  });
  const raw = await app.inject({ method: 'GET', url: `/admin/api.php?${new URLSearchParams({ call: CALL, id: '4', ...CREDENTIALS })}` });
  t.ok(raw.body.startsWith('{"success":true,"orders":[{"id":'), 'opens like getOrders');

  const all = ((await api(app, 'getOrders', { perpage: '100' })).orders as Item[]).filter((o) => o.client_id === '1');
  const own = (await list(t, app, { id: '1' })).orders;
  idOrder(t, own, ['1021', '1011', '1005', '1004', '1001']);
  t.strictSame(own, all, "the same items getOrders lists for this client's orders");
  for (const order of own) t.strictSame(Object.keys(order), ITEM_KEYS, `order ${order.id}: getOrders' key order`);
});

t.test("a client's new order comes first in its own list and in no other", async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, 'addOrder', { client_id: '1', product: '17', cycle: 'm' }), 'addOrder');
  t.strictSame(await ids(t, app, { id: '1' }), ['1022', '1021', '1011', '1005', '1004', '1001']);
  t.strictSame(await ids(t, app, { id: '2' }), ['1013', '1012']);
  t.strictSame(await ids(t, app, { id: '10' }), [], 'a contact places no orders of its own');
});

t.test('getClientOrders filters by list= and pages', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, 'setOrderStatus', { id: '1004', status: 'Cancelled' }), 'setOrderStatus');
  const cases: Array<[WireParams, string[]]> = [
    [{ id: '1', list: 'all' }, ['1021', '1011', '1005', '1004', '1001']],
    [{ id: '1', list: 'active' }, ['1021', '1011', '1005', '1001']],
    [{ id: '1', list: 'cancelled' }, ['1004']],
    [{ id: '1', list: 'pending' }, []],
    [{ id: '7', list: 'pending' }, ['1018']],
    [{ id: '9', list: 'fraud' }, ['1017']],
    [{ id: '1', list: 'fraud' }, []],
  ];
  for (const [params, expected] of cases) t.strictSame(await ids(t, app, params), expected, JSON.stringify(params));

  const second = await list(t, app, { id: '1', perpage: '2', page: '1' });
  t.strictSame(
    second.orders.map((o) => o.id),
    ['1005', '1004'],
  );
  t.strictSame(second.sorter, { perpage: 2, totalpages: 3, sorterrecords: 5, sorterpage: 2 });
  t.strictSame(await list(t, app, { id: '1', list: 'active', perpage: '3', page: '1' }), {
    orders: (await list(t, app, { id: '1', list: 'active' })).orders.slice(3),
    sorter: { perpage: 3, totalpages: 2, sorterrecords: 4, sorterpage: 2 },
  });
});

refusals('getClientOrders errors', CALL, [
  [{ id: '99' }, 'Client 99 not found'],
  [{}, 'Parameter id is required'],
  [{ id: 'alice' }, 'Parameter id must be a positive whole number id, such as 1'],
  [{ id: '1', list: 'draft' }, 'Parameter list must be one of: all, active, pending, fraud, cancelled'],
]);
