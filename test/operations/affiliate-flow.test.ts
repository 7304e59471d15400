// An affiliate's commission through the API: earned whichever way the referred
// order's invoice is paid, on an order placed and referred right now, and kept
// when the order or its client is deleted afterwards. Every state is read back
// through getAffiliates.
import t from 'tap';
import { build, type WireParams } from '../helpers/app.js';
import { affiliatesById, read } from '../helpers/reads.js';
import { AFFILIATES } from '../helpers/records.js';

// Order 1018 (Grace, 67.00 USD) is Alice's pending referral: 6.70 when invoice 8 (50.04 still due) is paid.
const EARNED = { ...AFFILIATES[1], balance: '19.04', signups: '3', signups_pending: '0' };

const paths: Array<[string, Array<[string, WireParams]>]> = [
  ['a payment', [['addInvoicePayment', { id: '8', amount: '50.04', paymentmodule: '2', fee: '0', date: '2026-11-20' }]]],
  ['a card charge', [['chargeCreditCard', { id: '8' }]]],
  [
    "the client's credit",
    [
      ['addClientCredit', { client_id: '7', amount: '50.04' }],
      ['applyInvoiceCredit', { id: '8', apply_credit: '50.04' }],
    ],
  ],
  ['the status set by hand', [['setInvoiceStatus', { id: '8', status: 'Paid' }]]],
];

for (const [name, calls] of paths) {
  t.test(`the referred order's invoice paid by ${name}: the affiliate earns its commission`, async (t) => {
    const app = await build(t);
    for (const [call, params] of calls) await read(t, app, call, params);
    t.equal(((await read(t, app, 'getInvoiceDetails', { id: '8' })).invoice as { status: string }).status, 'Paid');
    t.strictSame((await affiliatesById(t, app))['1'], EARNED);
  });
}

t.test('a partial payment earns nothing yet', async (t) => {
  const app = await build(t);
  await read(t, app, 'addInvoicePayment', { id: '8', amount: '50.03', paymentmodule: '2', fee: '0', date: '2026-11-20' });
  t.strictSame((await affiliatesById(t, app))['1'], AFFILIATES[1]);
});

t.test("an order placed, referred and paid: the affiliate earns a share of the order's total", async (t) => {
  const app = await build(t);
  // Daniel (client 4, USD, in Poland: 23% VAT) orders Starter monthly: 4.95 + 1.14 = 6.09 on a new invoice.
  const placed = await read(t, app, 'addOrder', { client_id: '4', product: '1', cycle: 'm', invoice_generate: '1' });
  const order = (await read(t, app, 'getOrderDetails', { id: placed.order_id as string })).details as Record<string, string>;
  await read(t, app, 'setOrderReferrer', { id: order.id, referral: '1' });
  t.equal((await affiliatesById(t, app))['1'].signups_pending, '2');

  await read(t, app, 'addInvoicePayment', { id: order.invoice_id, amount: order.total, paymentmodule: '1', fee: '0', date: '2026-11-20' });
  t.strictSame((await affiliatesById(t, app))['1'], { ...AFFILIATES[1], balance: '12.95', signups: '3' }, '10% of 6.09: 0.61');
  t.equal(((await read(t, app, 'getOrderDetails', { id: order.id })).details as Record<string, string>).status, 'Active');
});

t.test('deleting a referred order takes a pending commission with it and keeps an earned one', async (t) => {
  const app = await build(t);
  await read(t, app, 'deleteOrder', { id: '1018' });
  t.strictSame((await affiliatesById(t, app))['1'], { ...AFFILIATES[1], signups_pending: '0' }, 'pending: gone');
  await read(t, app, 'deleteOrder', { id: '1007' });
  t.strictSame((await affiliatesById(t, app))['1'], { ...AFFILIATES[1], signups_pending: '0' }, 'earned: kept, balance and all');
});

t.test("deleting a client removes its affiliate account, and keeps what others earned on the client's orders", async (t) => {
  const app = await build(t);
  await read(t, app, 'deleteClient', { id: '2' });
  const affiliates = await affiliatesById(t, app);
  t.strictSame(Object.keys(affiliates), ['1', '3'], "Bruno's account went with him");
  // Daniel's order 1007 earned Alice 6.45; Grace's pending order 1018 is not Daniel's.
  await read(t, app, 'deleteClient', { id: '4' });
  t.strictSame((await affiliatesById(t, app))['1'], AFFILIATES[1]);
  await read(t, app, 'deleteClient', { id: '7' });
  t.strictSame((await affiliatesById(t, app))['1'], { ...AFFILIATES[1], signups_pending: '0' }, "Grace's pending order went with her");
});
