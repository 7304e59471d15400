import t from 'tap';
import { api, apiJson, assertError, build, SERVER_TIME, storeJson } from '../../helpers/app.js';
import { affiliatesById, read } from '../../helpers/reads.js';
import { refusals } from '../../helpers/refusals.js';
import { AFFILIATES } from '../../helpers/records.js';
import { sameEverywhereMutating, sessionOf } from '../../helpers/sessions.js';
import { infoAnswer } from '../../helpers/shapes.js';

const CALL = 'setOrderReferrer';
const REFERRED = { success: true, call: CALL, server_time: SERVER_TIME, info: ['order_marked_referred'] };

t.test('setOrderReferrer answers as published and leaves the commission pending until the invoice is paid', async (t) => {
  const app = await build(t);
  // Order 1013: Bruno's 5.53 EUR order, invoice 12 Unpaid with 48.03 EUR still due. Alice earns 10% in USD: 0.60.
  infoAnswer(t, await sameEverywhereMutating(t, app, CALL, { id: '1013', referral: '1' }), REFERRED);
  const session = sessionOf('get');
  t.strictSame((await affiliatesById(t, app, session))['1'], { ...AFFILIATES[1], signups_pending: '2' }, 'one more pending');

  await read(t, app, 'addInvoicePayment', { id: '12', amount: '48.03', paymentmodule: '3', fee: '0', date: '2026-11-20' }, session);
  t.strictSame(
    (await affiliatesById(t, app, session))['1'],
    { ...AFFILIATES[1], balance: '12.94', signups: '3' },
    'paying the invoice earned 0.60',
  );
});

t.test("an order already paid for earns at once, in the affiliate's currency", async (t) => {
  const app = await build(t);
  // Order 1001: Alice's 21.90 USD order, invoice 1 Paid; Bruno earns 15% in EUR: 21.90 USD = 20.18 EUR, so 3.03.
  infoAnswer(t, await api(app, CALL, { id: '1001', referral: '2' }), REFERRED);
  // Order 1002: Farid's 13.75 USD order placed without an invoice, so nothing is left to pay: Alice earns 1.38.
  infoAnswer(t, await api(app, CALL, { id: '1002', referral: '1' }), REFERRED);
  const affiliates = await affiliatesById(t, app);
  t.strictSame(affiliates['2'], { ...AFFILIATES[2], balance: '12.29', signups: '2' });
  t.strictSame(affiliates['1'], { ...AFFILIATES[1], balance: '13.72', signups: '3' });
});

t.test('another affiliate takes over a commission still pending, and earns it when the invoice is paid', async (t) => {
  const app = await build(t);
  // Order 1018 (67.00 USD, invoice 8 Unpaid) is Alice's pending referral; Bruno takes it over at 15% in EUR: 9.26.
  infoAnswer(t, await api(app, CALL, { id: '1018', referral: '2' }), REFERRED);
  let affiliates = await affiliatesById(t, app);
  t.strictSame(affiliates['1'], { ...AFFILIATES[1], signups_pending: '0' });
  t.strictSame(affiliates['2'], { ...AFFILIATES[2], signups_pending: '2' });

  await read(t, app, 'setInvoiceStatus', { id: '8', status: 'Paid' });
  affiliates = await affiliatesById(t, app);
  t.strictSame(affiliates['2'], { ...AFFILIATES[2], balance: '18.52', signups: '2', signups_pending: '1' });
  t.strictSame(affiliates['1'], { ...AFFILIATES[1], signups_pending: '0' }, 'Alice earns nothing');
});

t.test('naming the same affiliate again answers as published and changes nothing', async (t) => {
  const app = await build(t);
  const before = storeJson(app);
  infoAnswer(t, await api(app, CALL, { id: '1018', referral: '1' }), REFERRED);
  t.equal(storeJson(app), before);
});

t.test('ids sent as JSON numbers are taken as ids', async (t) => {
  const app = await build(t);
  infoAnswer(t, await apiJson(app, CALL, { id: 1013, referral: 1 }), REFERRED);
  t.equal((await affiliatesById(t, app))['1'].signups_pending, '2');
});

const CANCELLED = 'Order #1015 is Cancelled: only an order that is Pending or Active can be given a referrer';
const INACTIVE = 'Affiliate 3 is Inactive: only an Active affiliate can refer orders';

refusals('setOrderReferrer refuses what it cannot refer, changing nothing', CALL, [
  [{ referral: '1' }, 'Parameter id is required'],
  [{ id: '1018' }, 'Parameter referral is required'],
  [{ id: 'abc', referral: '1' }, 'Parameter id must be a positive whole number id, such as 1'],
  [{ id: '1018', referral: '0' }, 'Parameter referral must be a positive whole number id, such as 1'],
  [{ id: '99', referral: '1' }, 'Order 99 not found'],
  [{ id: '1018', referral: '99' }, 'Affiliate 99 not found'],
  [{ id: '1015', referral: '1' }, CANCELLED],
  [{ id: '1017', referral: '1' }, 'Order #1017 is Fraud: only an order that is Pending or Active can be given a referrer'],
  [{ id: '1018', referral: '3' }, INACTIVE],
  [
    { id: '1001', referral: '1' },
    "Order #1001 is client 1's own, and affiliate 1 is client 1's account: an affiliate cannot refer its own orders",
  ],
  [{ id: '1009', referral: '2' }, 'Order #1009 is paid and affiliate 1 already earned its commission: its referrer can no longer change'],
]);

t.test('every problem is named in one answer', async (t) => {
  const app = await build(t);
  const before = storeJson(app);
  assertError(t, await api(app, CALL, {}), CALL, ['Parameter id is required', 'Parameter referral is required']);
  assertError(t, await api(app, CALL, { id: '99', referral: '98' }), CALL, ['Order 99 not found', 'Affiliate 98 not found']);
  assertError(t, await api(app, CALL, { id: '1015', referral: '3' }), CALL, [
    CANCELLED,
    INACTIVE,
    "Order #1015 is client 6's own, and affiliate 3 is client 6's account: an affiliate cannot refer its own orders",
  ]);
  t.equal(storeJson(app), before, 'the refused calls changed nothing');
});
