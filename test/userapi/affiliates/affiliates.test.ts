import t from 'tap';
import { api, assertSuccess, build, storeJson } from '../../helpers/app.js';
import { ALICE, assertAnswer, assertRefused, door, login, TOM } from '../../helpers/door.js';

const BRUNO = 'bruno.keller@keller-maschinenbau.de';
const CHARLOTTE = 'charlotte@evans-bakery.org';
const ROUTES = [
  ['/affiliates/summary', 'getAffiliatesSummary'],
  ['/affiliates/commissions', 'getAffiliatesCommissions'],
  ['/affiliates/payouts', 'getAffiliatesPayouts'],
] as const;

type Row = Record<string, unknown>;
const commission = (id: string, order_id: string, date_created: string, amount: string, status: string, date_earned: string) => ({
  id,
  order_id,
  date_created,
  commission: amount,
  status,
  date_earned,
});
const PENDING_DATE = '0000-00-00 00:00:00';

t.test("an affiliate's summary, commissions and payouts: the records getAffiliates shows", async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const summary = assertAnswer(t, await door(app, 'GET', '/affiliates/summary', {}, { token }), 'getAffiliatesSummary');
  t.strictSame(summary, {
    affiliate: {
      id: '1',
      status: 'Active',
      date_created: '2025-04-02 10:15:00',
      currency_id: '0',
      currency: 'USD',
      commission_rate: '10.00',
      balance: '12.34',
      total_withdrawn: '30.00',
      visits: '148',
      signups: '2',
      signups_pending: '1',
      pending: '6.70',
      earned: '42.34',
    },
  });
  const listed = (assertSuccess(t, await api(app, 'getAffiliates'), 'getAffiliates').affiliates as Row[]).find((a) => a.id === '1');
  const { pending, earned, currency, commission_rate, ...shared } = (summary as { affiliate: Row }).affiliate;
  t.match(listed, shared, 'the Admin API lists the same account');

  const commissions = assertAnswer(t, await door(app, 'GET', '/affiliates/commissions', {}, { token }), 'getAffiliatesCommissions');
  t.strictSame(commissions, {
    commissions: [
      commission('5', '1018', '2026-11-18 10:46:34', '6.70', 'Pending', PENDING_DATE),
      commission('3', '1007', '2026-09-03 17:29:11', '6.45', 'Earned', '2026-09-04 18:40:51'),
      commission('2', '1009', '2025-11-05 10:43:37', '35.89', 'Earned', '2025-11-18 16:04:09'),
    ],
    page: { current: 1, total: 1 },
  });
  const payouts = assertAnswer(t, await door(app, 'GET', '/affiliates/payouts', {}, { token }), 'getAffiliatesPayouts');
  t.strictSame(payouts, { payouts: [], total_withdrawn: '30.00', currency: 'USD', page: { current: 1, total: 1 } });
});

t.test('an order referred and paid at the Admin door shows as a Pending, then Earned commission', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  assertSuccess(t, await api(app, 'setOrderReferrer', { id: '1013', referral: '1' }), 'setOrderReferrer');
  const referred = assertAnswer(t, await door(app, 'GET', '/affiliates/commissions', {}, { token }), 'getAffiliatesCommissions');
  const [newest] = referred.commissions as Row[];
  t.match(newest, { id: '6', order_id: '1013', status: 'Pending', date_earned: PENDING_DATE });
  const before = (
    assertAnswer(t, await door(app, 'GET', '/affiliates/summary', {}, { token }), 'getAffiliatesSummary') as { affiliate: Row }
  ).affiliate;
  t.equal(before.signups_pending, '2');

  const invoice = assertSuccess(t, await api(app, 'getInvoiceDetails', { id: '12' }), 'getInvoiceDetails').invoice as Row;
  const paid = { id: '12', amount: String(invoice.total), paymentmodule: '3', fee: '0', date: '2026-11-20' };
  assertSuccess(t, await api(app, 'addInvoicePayment', paid), 'addInvoicePayment');
  const earned = assertAnswer(t, await door(app, 'GET', '/affiliates/commissions', {}, { token }), 'getAffiliatesCommissions');
  t.match((earned.commissions as Row[])[0], {
    id: '6',
    status: 'Earned',
    date_earned: '2026-11-20 12:00:00',
    commission: newest.commission,
  });
  const after = (
    assertAnswer(t, await door(app, 'GET', '/affiliates/summary', {}, { token }), 'getAffiliatesSummary') as { affiliate: Row }
  ).affiliate;
  const cents = (value: unknown) => Math.round(Number(value) * 100);
  t.equal(cents(after.balance), cents(before.balance) + cents(newest.commission), 'the balance grew by the commission');
  t.match(after, { signups: '3', signups_pending: '1' });
  const listed = (assertSuccess(t, await api(app, 'getAffiliates'), 'getAffiliates').affiliates as Row[]).find((a) => a.id === '1');
  t.match(listed, { balance: after.balance, signups: '3', signups_pending: '1' });
});

t.test("an affiliate in another currency sees it; a contact needs misc.affiliates and sees its client's account", async (t) => {
  const app = await build(t);
  const bruno = assertAnswer(
    t,
    await door(app, 'GET', '/affiliates/payouts', {}, { token: await login(app, BRUNO) }),
    'getAffiliatesPayouts',
  );
  t.strictSame(bruno, { payouts: [], total_withdrawn: '0.00', currency: 'EUR', page: { current: 1, total: 1 } });

  const tom = await login(app, TOM);
  const before = storeJson(app);
  for (const [path] of ROUTES) {
    assertRefused(t, await door(app, 'GET', path, {}, { token: tom }), 403, [
      'Contact 10 may not do this: it needs the privilege misc.affiliates (the client grants it with PUT /api/contact/10 or editContactPermissions)',
    ]);
  }
  t.equal(storeJson(app), before);
  assertSuccess(t, await api(app, 'editContactPermissions', { id: '10', 'privileges[misc][affiliates]': '1' }), 'editContactPermissions');
  const alice = await login(app, ALICE);
  for (const [path, name] of ROUTES) {
    t.strictSame(
      assertAnswer(t, await door(app, 'GET', path, {}, { token: tom }), name),
      assertAnswer(t, await door(app, 'GET', path, {}, { token: alice }), name),
      `${path}: the contact sees its client's account`,
    );
  }
});

t.test('a client that is not an affiliate is refused with 404; bad input with every problem; nothing changes', async (t) => {
  const app = await build(t);
  const token = await login(app, CHARLOTTE);
  const alice = await login(app, ALICE);
  const before = storeJson(app);
  for (const [path] of ROUTES) {
    assertRefused(t, await door(app, 'GET', path, {}, { token }), 404, [
      'Client 3 is not an affiliate: only a client with an affiliate account (getAffiliates lists them) has an affiliate summary, commissions and payouts',
    ]);
  }
  assertRefused(t, await door(app, 'GET', '/affiliates/summary'), 401, ['unauthorized']);
  for (const path of ['/affiliates/commissions', '/affiliates/payouts']) {
    const bad = await door(app, 'GET', path, { page: '0' }, { token: alice });
    t.equal(bad.status, 200);
    t.equal((bad.body.error as string[]).length, 1);
    t.match((bad.body.error as string[])[0], /page/);
  }
  const empty = assertAnswer(
    t,
    await door(app, 'GET', '/affiliates/commissions', { page: '2' }, { token: alice }),
    'getAffiliatesCommissions',
  );
  t.strictSame(empty, { commissions: [], page: { current: 2, total: 1 } });
  t.equal(storeJson(app), before);
});
