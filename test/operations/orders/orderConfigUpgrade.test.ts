import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, assertSuccess, build, type WireParams } from '../../helpers/app.js';
import { refusals, refusedWith } from '../../helpers/refusals.js';
import { accountDetails, read } from '../../helpers/reads.js';
import { sameEverywhereMutating } from '../../helpers/sessions.js';

const CALL = 'orderConfigUpgrade';
// Account 2: VPS 1GB (product 8, taxable) Annually 129.60 USD, due 2027-06-02, client 1 (Texas, 8.25%);
// Storage (form 1) on 25 GB SSD (item 1, 0.00), Extra IPs (form 2, 21.60 a year each) 0. The clock says 2026-11-20.
const MORE: WireParams = { id: '2', 'new[1]': '2', 'new[2]': '2' };

async function invoice(t: Test, app: FastifyInstance, id: string): Promise<Record<string, unknown>> {
  const { client, ...rest } = (await read(t, app, 'getInvoiceDetails', { id })).invoice as Record<string, unknown>;
  return { ...rest, client_id_embedded: (client as { id: string }).id };
}

t.test(
  'orderConfigUpgrade orders the change, invoices the difference for the rest of the period and answers the published checkout',
  async (t) => {
    const app = await build(t);
    const before = await accountDetails(t, app, '2');
    t.strictSame(before.options, {
      '1': { id: '1', name: 'Storage', type: 'select', variable: 'disk', item_id: '1', item_name: '25 GB SSD', qty: '1', price: '0.00' },
      '2': { id: '2', name: 'Extra IPs', type: 'qty', variable: 'ips', item_id: '4', item_name: 'IPv4 address', qty: '0', price: '0.00' },
    });
    const body = await api(app, CALL, MORE);
    assertSuccess(t, body, CALL);
    // New total 129.60 + 43.20 (50 GB SSD) + 2 x 21.60 = 216.00: 86.40 x 194 days left / 365 = 45.92, plus 8.25% tax (3.79).
    t.strictSame(body, {
      success: true,
      checkout: { invoice_id: '13', total: 49.71, gateway: '2', order_id: '1022', order_num: 156987283, newtotal: 216 },
      call: CALL,
      server_time: body.server_time,
      info: ['upgrade_order_success'],
    });
    t.strictSame(Object.keys(body), ['success', 'checkout', 'call', 'server_time', 'info'], "the published answer's key order");
    t.strictSame(Object.keys(body.checkout as object), ['invoice_id', 'total', 'gateway', 'order_id', 'order_num', 'newtotal']);

    const order = (await read(t, app, 'getOrderDetails', { id: '1022' })).details as Record<string, unknown>;
    t.match(order, { status: 'Pending', invoice_id: '13', total: '49.71', invstatus: 'Unpaid', upgrades: [] });
    t.strictSame(order.fieldupgrades, [
      { account_id: '2', form_id: '1', old_item_id: '1', old_qty: '1', new_item_id: '2', new_qty: '1', status: 'Pending' },
      { account_id: '2', form_id: '2', old_item_id: '4', old_qty: '0', new_item_id: '4', new_qty: '2', status: 'Pending' },
    ]);
    t.match(await invoice(t, app, '13'), {
      status: 'Unpaid',
      client_id: '1',
      date: '2026-11-20',
      duedate: '2026-11-20',
      subtotal: '45.92',
      tax: '3.79',
      total: '49.71',
      payment_module: '2',
      currency_id: '0',
      items: [
        {
          type: 'Upgrade',
          item_id: '2',
          description: 'Upgrade VPS 1GB options: Storage 25 GB SSD => 50 GB SSD, Extra IPs 0 => 2 (20/11/2026 - 01/06/2027)',
          amount: '45.92',
          taxed: '1',
        },
      ],
    });
    t.strictSame(await accountDetails(t, app, '2'), before, 'the service changes only when the invoice is paid');

    const paid = await api(app, 'addInvoicePayment', { id: '13', amount: '49.71', paymentmodule: '2', fee: '0', date: '2026-11-20' });
    assertSuccess(t, paid, 'addInvoicePayment');
    t.strictSame(
      await accountDetails(t, app, '2'),
      {
        ...before,
        total: '216.00',
        options: {
          '1': {
            id: '1',
            name: 'Storage',
            type: 'select',
            variable: 'disk',
            item_id: '2',
            item_name: '50 GB SSD',
            qty: '1',
            price: '43.20',
          },
          '2': {
            id: '2',
            name: 'Extra IPs',
            type: 'qty',
            variable: 'ips',
            item_id: '4',
            item_name: 'IPv4 address',
            qty: '2',
            price: '43.20',
          },
        },
      },
      'paid: the new values apply, the total includes them and the due date stays',
    );
    const after = (await read(t, app, 'getOrderDetails', { id: '1022' })).details as Record<string, unknown>;
    t.match(after, { status: 'Active', invstatus: 'Paid', fieldupgrades: [{ status: 'Upgraded' }, { status: 'Upgraded' }] });
    t.match(await invoice(t, app, '13'), { status: 'Paid' });
  },
);

t.test('a change that costs nothing has no invoice: the order is Active and the values apply at once', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, CALL, MORE), CALL);
  await api(app, 'addInvoicePayment', { id: '13', amount: '49.71', paymentmodule: '2', fee: '0', date: '2026-11-20' });
  // Back to 25 GB SSD and one IP: cheaper, so nothing to pay, and the service's total drops at once.
  const body = await api(app, CALL, { id: '2', 'new[1]': '1', 'new[2]': '1' });
  t.strictSame(assertSuccess(t, body, CALL), {
    checkout: { invoice_id: '0', total: 0, gateway: '2', order_id: '1023', order_num: 157035554, newtotal: 151.2 },
    info: ['upgrade_order_success'],
  });
  t.match((await read(t, app, 'getOrderDetails', { id: '1023' })).details, {
    status: 'Active',
    invoice_id: '0',
    total: '0.00',
    fieldupgrades: [
      { form_id: '1', old_item_id: '2', new_item_id: '1', status: 'Upgraded' },
      { form_id: '2', old_qty: '2', new_qty: '1', status: 'Upgraded' },
    ],
  });
  t.match(await accountDetails(t, app, '2'), {
    total: '151.20',
    options: { '1': { item_id: '1', price: '0.00' }, '2': { qty: '1', price: '21.60' } },
  });
});

t.test('getProductDetails shows the product forms with their items; other products keep []', async (t) => {
  const app = await build(t);
  const product = (await read(t, app, 'getProductDetails', { id: '8' })).product as Record<string, unknown>;
  const forms = product.options as Record<string, Record<string, unknown>>;
  t.strictSame(Object.keys(forms), ['1', '2']);
  t.strictSame(Object.keys(forms['1'] as object), [
    'id',
    'type',
    'name',
    'key',
    'variable',
    'description',
    'options',
    'config',
    'product_id',
    'product_paytype',
    'items',
  ]);
  t.match(forms['1'], {
    id: '1',
    type: { type: 'select', group: 'select', langid: 'select' },
    name: 'Storage',
    config: { defaultvalue: '' },
    product_id: '8',
    product_paytype: 'Regular',
    items: [{ id: '1', name: '25 GB SSD', a: '0.00' }, { id: '2', name: '50 GB SSD', m: '4.00', a: '43.20' }, { id: '3' }],
  });
  t.match(forms['2'], { type: { type: 'qty' }, config: { minvalue: '0', maxvalue: '8' }, items: [{ id: '4', m: '2.00', a: '21.60' }] });
  t.strictSame(
    ((await read(t, app, 'getProductDetails', { id: '1' })).product as { options: unknown }).options,
    [],
    'a product without forms answers []',
  );
  t.strictSame((await accountDetails(t, app, '1')).options, [], 'a service without values answers []');
});

t.test('orderConfigUpgrade works the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  const body = await sameEverywhereMutating(t, app, CALL, MORE);
  t.strictSame(body.checkout, { invoice_id: '13', total: 49.71, gateway: '2', order_id: '1022', order_num: 156987283, newtotal: 216 });
});

t.test('orderConfigUpgrade refuses what it may not do, every problem at once, and changes nothing', async (t) => {
  const app = await build(t);
  await refusedWith(t, app, CALL, [
    [{ id: '1', 'new[1]': '2' }, 'Parameter new[1]: product 2 has no configurable option category 1; its categories are: none'],
    [{ id: '2', 'new[3]': '2' }, 'Parameter new[3]: product 8 has no configurable option category 3; its categories are: 1, 2'],
    [{ id: '2', 'new[1]': '4' }, 'Parameter new[1]: Storage has no item 4; its items are: 1, 2, 3'],
    [{ id: '2', 'new[2]': '9' }, 'Parameter new[2]: Extra IPs takes a quantity from 0 to 8, not 9'],
    [
      { id: '2', 'new[1]': '1', 'new[2]': '0' },
      'Nothing to upgrade: account 2 already has every value given in new[]: give another item or quantity for at least one category',
    ],
    [{ ...MORE, module: '5' }, 'Gateway 5 (Mollie) is disabled: give an enabled payment gateway as module'],
    [{ ...MORE, module: '99' }, 'Gateway 99 not found'],
    [{ ...MORE, id: '99' }, 'Account 99 not found'],
  ]);
  const body = await api(app, CALL, { id: '5', 'new[1]': '7', module: '99' });
  t.strictSame(body.error, [
    'Account 5 is Suspended: only an Active service can be upgraded',
    'Parameter new[1]: product 4 has no configurable option category 1; its categories are: none',
    'Gateway 99 not found',
  ]);
});

t.test('orderConfigUpgrade refuses a second upgrade while one is pending, of options or of product', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, CALL, MORE), CALL);
  const pending = 'Account 2 already has a pending upgrade in order 1022: activate or cancel that order first';
  await refusedWith(t, app, CALL, [[{ id: '2', 'new[2]': '3' }, pending]]);
  await refusedWith(t, app, 'orderUpgrade', [[{ id: '2', new: '9', new_billing: 'a' }, pending]]);
  assertSuccess(t, await api(app, 'setOrderCancel', { id: '1022' }), 'setOrderCancel');
  t.match((await read(t, app, 'getOrderDetails', { id: '1022' })).details, {
    status: 'Cancelled',
    fieldupgrades: [{ status: 'Cancelled' }, { status: 'Cancelled' }],
  });
  t.match((await accountDetails(t, app, '2')).options, { '1': { item_id: '1' }, '2': { qty: '0' } }, 'a cancelled order changes nothing');
  assertSuccess(t, await api(app, CALL, MORE), CALL);
});

refusals('orderConfigUpgrade refuses missing and malformed parameters', CALL, [
  [{ 'new[1]': '2' }, 'Parameter id is required'],
  [{ id: '2' }, 'Parameter new is required'],
  [{ id: '2', new: '5' }, 'Parameter new must be one new value per form id, such as new[1]=2'],
  [{ id: 'x', 'new[1]': '2' }, 'Parameter id must be a positive whole number id, such as 1'],
  [{ id: '2', 'new[1]': 'big' }, 'Parameter new[1] must be an item id or a quantity, a whole number such as 2'],
  [{ ...MORE, module: 'stripe' }, 'Parameter module must be a positive whole number id, such as 1'],
]);
