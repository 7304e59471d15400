import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, assertSuccess, build, type WireParams } from '../../helpers/app.js';
import { refusals, refusedWith } from '../../helpers/refusals.js';
import { accountDetails, read } from '../../helpers/reads.js';
import { sameEverywhereMutating } from '../../helpers/sessions.js';

const CALL = 'orderUpgrade';
// Account 1: Business Hosting (product 2), Monthly 8.95 USD, due 2026-12-14; the clock says 2026-11-20.
const TO_ULTIMATE: WireParams = { id: '1', new: '3', new_billing: 'm' };

const world = (app: FastifyInstance) => app.billsim.sessions.get('default').world;

async function invoice(t: Test, app: FastifyInstance, id: string): Promise<Record<string, unknown>> {
  const { client, ...rest } = (await read(t, app, 'getInvoiceDetails', { id })).invoice as Record<string, unknown>;
  return { ...rest, client_id_embedded: (client as { id: string }).id };
}

t.test('orderUpgrade orders the move, invoices the difference for the rest of the period and answers the published checkout', async (t) => {
  const app = await build(t);
  const before = await accountDetails(t, app, '1');
  const body = await api(app, CALL, TO_ULTIMATE);
  assertSuccess(t, body, CALL);
  // (16.00 - 8.95) x 24 days left / 30 days in the period = 5.64, plus Texas sales tax 8.25% (0.47).
  t.strictSame(body, {
    success: true,
    checkout: { invoice_id: '13', total: 6.11, gateway: '2', order_id: '1022', order_num: 156987283, newtotal: 16 },
    call: CALL,
    server_time: body.server_time,
    info: ['upgrade_order_success'],
  });
  t.strictSame(Object.keys(body), ['success', 'checkout', 'call', 'server_time', 'info'], "the published answer's key order");
  t.strictSame(Object.keys(body.checkout as object), ['invoice_id', 'total', 'gateway', 'order_id', 'order_num', 'newtotal']);

  t.strictSame(world(app).get('orders', '1022'), {
    id: '1022',
    number: '156987283',
    client_id: '1',
    date_created: '2026-11-20 12:00:00',
    status: 'Pending',
    payment_module: '2',
    invoice_id: '13',
    total: '6.11',
    currency_id: '0',
    order_ip: '',
    notes: '',
    fraudmodule: '',
    upgrades: [
      {
        account_id: '1',
        old_product_id: '2',
        new_product_id: '3',
        old_cycle: 'Monthly',
        new_cycle: 'Monthly',
        amount: '5.64',
        status: 'Pending',
      },
    ],
  });
  t.strictSame(await invoice(t, app, '13'), {
    id: '13',
    paid_id: '',
    recurring_id: '0',
    status: 'Unpaid',
    client_id: '1',
    date: '2026-11-20',
    duedate: '2026-11-20',
    datepaid: '0000-00-00 00:00:00',
    subtotal: '5.64',
    credit: '0.00',
    tax: '0.47',
    taxrate: '8.25',
    tax2: '0.00',
    taxrate2: '0.00',
    total: '6.11',
    payment_module: '2',
    currency_id: '0',
    rate: '1.0000',
    notes: '',
    items: [
      {
        id: '23',
        invoice_id: '13',
        type: 'Upgrade',
        item_id: '1',
        description: 'Upgrade Business Hosting (Monthly) => Ultimate Hosting (Monthly) (20/11/2026 - 13/12/2026)',
        amount: '5.64',
        taxed: '1',
        qty: '1',
        linetotal: 5.64,
      },
    ],
    client_id_embedded: '1',
    gateway: 'Stripe',
  });
  t.strictSame(await accountDetails(t, app, '1'), before, 'the service changes only when the order is activated');
});

t.test('orderUpgrade changes the cycle alone, priced in the service currency', async (t) => {
  const app = await build(t);
  // Account 7: VPS 2GB Quarterly 52.53 EUR, due 2026-12-20. Monthly costs 20.00 USD = 18.43 EUR:
  // 18.43 x 30/30 - 52.53 x 30/91 days = 1.11, plus French VAT 20%.
  const body = await api(app, CALL, { id: '7', new_billing: 'm' });
  t.strictSame(assertSuccess(t, body, CALL), {
    checkout: { invoice_id: '13', total: 1.33, gateway: '4', order_id: '1022', order_num: 156987283, newtotal: 18.43 },
    info: ['upgrade_order_success'],
  });
  t.match(await invoice(t, app, '13'), {
    currency_id: '1',
    rate: '0.9215',
    subtotal: '1.11',
    total: '1.33',
    items: [{ description: 'Upgrade VPS 2GB (Quarterly) => VPS 2GB (Monthly) (20/11/2026 - 19/12/2026)', amount: '1.11' }],
  });
  t.match(world(app).get('orders', '1022'), {
    currency_id: '1',
    upgrades: [{ old_product_id: '9', new_product_id: '9', old_cycle: 'Quarterly', new_cycle: 'Monthly' }],
  });
});

t.test('orderUpgrade bills through the gateway named by module', async (t) => {
  const app = await build(t);
  // Account 2: VPS 1GB Annually 129.60, due 2027-06-02: (216.00 - 129.60) x 194/365 = 45.92 + 8.25% tax.
  const body = await api(app, CALL, { id: '2', new: '9', new_billing: 'a', module: '3' });
  t.strictSame((assertSuccess(t, body, CALL).checkout as Record<string, unknown>).gateway, '3');
  t.strictSame(body.checkout, { invoice_id: '13', total: 49.71, gateway: '3', order_id: '1022', order_num: 156987283, newtotal: 216 });
  t.match(await invoice(t, app, '13'), { payment_module: '3', gateway: 'Bank Transfer', subtotal: '45.92' });
});

t.test('a move that costs nothing has no invoice: the order is Active and the service moves at once', async (t) => {
  const app = await build(t);
  const invoices = JSON.stringify(world(app).all('invoices'));
  const before = await accountDetails(t, app, '1');
  // Annually costs less a day (95.40 / 365) than Monthly (8.95 / 30): nothing to pay.
  const body = await api(app, CALL, { id: '1', new_billing: 'a' });
  t.strictSame(assertSuccess(t, body, CALL), {
    checkout: { invoice_id: '0', total: 0, gateway: '2', order_id: '1022', order_num: 156987283, newtotal: 95.4 },
    info: ['upgrade_order_success'],
  });
  t.equal(JSON.stringify(world(app).all('invoices')), invoices, 'no invoice is made');
  t.match(world(app).get('orders', '1022'), {
    status: 'Active',
    invoice_id: '0',
    total: '0.00',
    upgrades: [{ old_cycle: 'Monthly', new_cycle: 'Annually', amount: '0.00', status: 'Upgraded' }],
  });
  t.strictSame(await accountDetails(t, app, '1'), { ...before, billingcycle: 'Annually', total: '95.40' }, 'the due date stays');
  const listed = (await read(t, app, 'getClientAccounts', { id: '1' })).accounts as Record<string, unknown>[];
  t.match(
    listed.find((a) => a.id === '1'),
    { billingcycle: 'Annually', total: '95.40' },
  );
  assertSuccess(t, await api(app, CALL, { id: '1', new: '3', new_billing: 'a' }), CALL);
  t.match(
    world(app).get('orders', '1023'),
    { status: 'Pending', upgrades: [{ old_cycle: 'Annually', new_cycle: 'Annually' }] },
    'an applied upgrade leaves no pending one behind',
  );
});

t.test('orderUpgrade works the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  const body = await sameEverywhereMutating(t, app, CALL, TO_ULTIMATE);
  t.strictSame(body.checkout, { invoice_id: '13', total: 6.11, gateway: '2', order_id: '1022', order_num: 156987283, newtotal: 16 });
});

t.test('orderUpgrade refuses a move it may not make, naming why, and changes nothing', async (t) => {
  const app = await build(t);
  const notActive = (id: string, status: string) =>
    [{ id, new_billing: 'm' }, `Account ${id} is ${status}: only an Active service can be upgraded`] as const;
  await refusedWith(t, app, CALL, [
    notActive('5', 'Suspended'),
    notActive('10', 'Pending'),
    notActive('11', 'Terminated'),
    notActive('9', 'Cancelled'),
    notActive('18', 'Fraud'),
    [{ id: '1', new: '1', new_billing: 'm' }, 'Product 2 cannot be upgraded to product 1; its upgrades are: 3'],
    [{ id: '4', new: '3', new_billing: 'm' }, 'Product 17 cannot be upgraded to product 3; its upgrades are: none'],
    [{ id: '1', new: '3', new_billing: 'q' }, 'Product 3 is not priced on cycle q; it offers: m, a, b'],
    [
      { id: '1', new: '3', new_billing: 'Free' },
      'Parameter new_billing must be a recurring cycle such as m or a: an upgrade cannot move a service to Free',
    ],
    [
      { id: '1', new_billing: 'Once' },
      'Parameter new_billing must be a recurring cycle such as m or a: an upgrade cannot move a service to Once',
    ],
    [
      { id: '1', new_billing: 'm' },
      'Nothing to upgrade: account 1 is already on product 2, billed Monthly: give another product as new or another cycle as new_billing',
    ],
    [
      { id: '1', new: '2', new_billing: 'm' },
      'Nothing to upgrade: account 1 is already on product 2, billed Monthly: give another product as new or another cycle as new_billing',
    ],
    [{ ...TO_ULTIMATE, module: '5' }, 'Gateway 5 (Mollie) is disabled: give an enabled payment gateway as module'],
    [{ ...TO_ULTIMATE, module: '99' }, 'Gateway 99 not found'],
    [{ ...TO_ULTIMATE, new: '99' }, 'Product 99 not found'],
    [{ ...TO_ULTIMATE, id: '99' }, 'Account 99 not found'],
  ]);
});

t.test('orderUpgrade refuses a second upgrade while one is pending', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, CALL, TO_ULTIMATE), CALL);
  await refusedWith(t, app, CALL, [
    [TO_ULTIMATE, 'Account 1 already has a pending upgrade in order 1022: activate or cancel that order first'],
    [{ id: '1', new_billing: 'a' }, 'Account 1 already has a pending upgrade in order 1022: activate or cancel that order first'],
  ]);
  const other = await api(app, CALL, { id: '2', new: '9', new_billing: 'a' });
  t.match(assertSuccess(t, other, CALL), { checkout: { order_id: '1023', invoice_id: '14' } }, 'other services are not held up');
});

refusals('orderUpgrade refuses missing and malformed parameters', CALL, [
  [{ new_billing: 'm' }, 'Parameter id is required'],
  [{ id: '1' }, 'Parameter new_billing is required'],
  [{ id: 'x', new_billing: 'm' }, 'Parameter id must be a positive whole number id, such as 1'],
  [{ id: '1', new_billing: 'monthly' }, 'Parameter new_billing must be one of: m, q, s, a, b, t, d, w, h, Free, Once'],
  [{ id: '1', new: '3.0', new_billing: 'm' }, 'Parameter new must be a positive whole number id, such as 1'],
  [{ ...TO_ULTIMATE, module: 'stripe' }, 'Parameter module must be a positive whole number id, such as 1'],
]);
