import t from 'tap';
import type { Test } from 'tap';
import { api, build, sameEverywhere, type Body } from '../../helpers/app.js';
import { refusals } from '../../helpers/refusals.js';
import { resultValidator } from '../../../src/schemas.js';

type Json = Record<string, unknown>;
const CALL = 'getClientDraftOrders';

/** The published answer names another call, so the helper's check of `call` does not apply: check the rest here. */
function assertList(t: Test, body: Body): Json[] {
  t.equal(body.success, true, `${CALL} succeeds${body.error ? `: ${JSON.stringify(body.error)}` : ''}`);
  t.strictSame(Object.keys(body), ['success', 'orders', 'call', 'sorter', 'server_time'], 'the published key order');
  t.equal(body.call, 'getOrdersDraft', 'call echoes the published name');
  const { success, call, server_time, ...result } = body;
  void success;
  void call;
  t.type(server_time, 'number');
  const check = resultValidator(CALL);
  t.ok(check(result), `result matches its schema: ${JSON.stringify(check.errors ?? [])}`);
  return body.orders as Json[];
}

t.test('getClientDraftOrders lists the drafts in the published shape', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, { client_id: '1' });
  assertList(t, body);
  t.strictSame(body, {
    success: true,
    orders: [
      {
        id: '1',
        date_created: '2026-11-19 14:22:05',
        total: '102.00',
        status: 'Draft',
        firstname: 'Alice',
        lastname: 'Morgan',
        companyname: 'Morgan Design Studio LLC',
        module: 'Stripe',
        client_id: '1',
        currency_id: '0',
        estimate_id: '-',
      },
    ],
    call: 'getOrdersDraft',
    sorter: { perpage: 25, totalpages: 1, sorterrecords: '1', sorterpage: 1 },
    server_time: body.server_time,
  });
});

t.test('a draft from an estimate names it; totals are in the draft currency after discount', async (t) => {
  const app = await build(t);
  const orders = assertList(t, await api(app, CALL, { client_id: '5' }));
  t.strictSame(orders[0], {
    id: '3',
    date_created: '2026-11-05 16:48:12',
    total: '15.76',
    status: 'Draft',
    firstname: 'Emma',
    lastname: 'Laurent',
    companyname: '',
    module: 'Authorize.net CC',
    client_id: '5',
    currency_id: '1',
    estimate_id: '3',
  });
});

t.test('newest first, a page at a time; a client without drafts gets an empty page', async (t) => {
  const app = await build(t);
  for (let i = 0; i < 3; i++) await api(app, 'createOrderDraft', { client_id: '1' });
  const first = await api(app, CALL, { client_id: '1', perpage: '3' });
  t.strictSame(
    assertList(t, first).map((o) => o.id),
    ['6', '5', '4'],
  );
  t.strictSame(first.sorter, { perpage: 3, totalpages: 2, sorterrecords: '4', sorterpage: 1 });
  const second = await api(app, CALL, { client_id: '1', perpage: '3', page: '1' });
  t.strictSame(
    assertList(t, second).map((o) => o.id),
    ['1'],
  );
  t.strictSame(second.sorter, { perpage: 3, totalpages: 2, sorterrecords: '4', sorterpage: 2 });
  const beyond = await api(app, CALL, { client_id: '1', page: '5' });
  t.strictSame(assertList(t, beyond), []);
  const none = await api(app, CALL, { client_id: '2' });
  t.strictSame(assertList(t, none), []);
  t.strictSame(none.sorter, { perpage: 25, totalpages: 0, sorterrecords: '0', sorterpage: 1 });
});

t.test('the list follows changes: an added item changes the total', async (t) => {
  const app = await build(t);
  await api(app, 'addOrderDraftItem', { id: '2', prod_type: 'service', product: '17', cycle: 'm' });
  const orders = assertList(t, await api(app, CALL, { client_id: '6' }));
  t.equal(orders[0].total, '70.05', '64.05 + 6.00');
});

t.test('the same answer through GET, urlencoded and multipart', async (t) => {
  const app = await build(t);
  assertList(t, await sameEverywhere(t, app, CALL, { client_id: '6', page: '0', perpage: '10' }));
});

refusals('errors name the parameter or client, under the name requested', CALL, [
  [{}, 'Parameter client_id is required'],
  [{ client_id: 'x' }, 'Parameter client_id must be a positive whole number id, such as 1'],
  [{ client_id: '1', page: '-1' }, 'Parameter page must be a page number counted from 0'],
  [{ client_id: '1', perpage: '0' }, 'Parameter perpage must be a page size from 1 to 1000'],
  [{ client_id: '99' }, 'Client 99 not found'],
]);
