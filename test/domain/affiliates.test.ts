// Affiliates: the commission a referred order brings, who may refer what, and
// the commission earned whichever way the order's invoice becomes Paid.
import t from 'tap';
import {
  affiliateItem,
  commissionCents,
  forgetOrderReferral,
  referOrder,
  referralProblems,
  removeAffiliateOf,
} from '../../src/domain/affiliates.js';
import { markInvoice } from '../../src/domain/invoiceEdits.js';
import { applyCredit, applyCreditToNewInvoice, recordPayment, settleInvoice } from '../../src/domain/payments.js';
import type { World } from '../../src/store/world.js';
import { hostingLine, midnight, state, type WorldRows, world, write } from '../helpers/world.js';

const NOW = new Date('2026-12-03T10:20:30Z');
const gateway = { id: '1', name: 'Bank Transfer', module: 'banktransfer', enabled: '1' as const };

/** Client 1 is affiliate 1 (USD, 10%); client 2 placed order 1, billed 20.00 on invoice 1. */
function shop(extra: WorldRows = {}): World {
  return world({
    clients: [{}, { email: 'buyer@example.com', credit: '50.00' }],
    gateways: [gateway],
    affiliates: [{ client_id: '1' }],
    orders: [{ client_id: '2', invoice_id: '1', total: '20.00' }],
    invoices: [{ client_id: '2', items: [hostingLine('1', '20.00')] }],
    ...extra,
  });
}

const referral = (w: World) => w.all('affiliate_referrals');
const balance = (w: World, id = '1') => w.get('affiliates', id)!.balance;
const refer = (w: World, orderId = '1', affiliateId = '1') =>
  write(w, () => referOrder(w, w.get('orders', orderId)!, w.get('affiliates', affiliateId)!, NOW));

const commissionCases = [
  { name: 'a percentage of the order total', order: { total: '20.00' }, affiliate: {}, cents: 200 },
  { name: 'rounded half away from zero', order: { total: '64.45' }, affiliate: {}, cents: 645 },
  { name: 'at the affiliate rate', order: { total: '61.75' }, affiliate: { commission_rate: '15.00' }, cents: 926 },
  {
    name: "converted into the affiliate's currency first",
    order: { total: '61.75', currency_id: '1' },
    affiliate: {},
    rows: { currencies: [{ id: '1', rate: '0.9215' }] },
    cents: 670,
  },
  {
    name: 'an affiliate paid in another currency',
    order: { total: '20.00' },
    affiliate: { currency_id: '1' },
    rows: { currencies: [{ id: '1', rate: '0.5000' }] },
    cents: 100,
  },
  { name: 'nothing on a free order', order: { total: '0.00' }, affiliate: {}, cents: 0 },
];

for (const c of commissionCases) {
  t.test(`commission: ${c.name}`, async (t) => {
    const w = world({ clients: [{}], affiliates: [c.affiliate], orders: [c.order], ...c.rows });
    t.equal(commissionCents(w, w.get('affiliates', '1')!, w.get('orders', '1')!), c.cents);
  });
}

t.test('a referred order waits, Pending, for its invoice to be paid', async (t) => {
  const w = shop();
  refer(w);
  t.strictSame(referral(w), [
    {
      id: '1',
      affiliate_id: '1',
      order_id: '1',
      date_created: '2026-12-03 10:20:30',
      commission: '2.00',
      status: 'Pending',
      date_earned: '0000-00-00 00:00:00',
    },
  ]);
  t.equal(balance(w), '0.00', 'nothing earned yet');
});

const paidAlready: Array<[string, WorldRows]> = [
  [
    'its invoice is already Paid',
    { invoices: [{ client_id: '2', status: 'Paid', datepaid: '2026-12-01 00:00:00', paid_id: '2026/0001' }] },
  ],
  ['it has no invoice', { orders: [{ client_id: '2', invoice_id: '0', total: '20.00', status: 'Active' }], invoices: [] }],
];

for (const [name, rows] of paidAlready) {
  t.test(`a referred order earns at once when ${name}`, async (t) => {
    const w = shop(rows);
    refer(w);
    t.strictSame(
      referral(w).map((r) => [r.status, r.commission, r.date_earned]),
      [['Earned', '2.00', '2026-12-03 10:20:30']],
    );
    t.equal(balance(w), '2.00');
  });
}

t.test('naming the same affiliate again changes nothing', async (t) => {
  const w = shop();
  refer(w);
  const before = state(w);
  write(w, () => referOrder(w, w.get('orders', '1')!, w.get('affiliates', '1')!, midnight('2026-12-09')));
  t.equal(state(w), before);
});

t.test('another affiliate takes over a pending commission, priced at its own rate and currency', async (t) => {
  const w = shop({
    clients: [{}, { email: 'buyer@example.com' }, { email: 'other@example.com' }],
    currencies: [{ id: '1', rate: '0.5000' }],
    affiliates: [{ client_id: '1' }, { client_id: '3', commission_rate: '20.00', currency_id: '1' }],
  });
  refer(w);
  write(w, () => referOrder(w, w.get('orders', '1')!, w.get('affiliates', '2')!, midnight('2026-12-09')));
  t.strictSame(referral(w), [
    {
      id: '1',
      affiliate_id: '2',
      order_id: '1',
      date_created: '2026-12-09 00:00:00',
      commission: '2.00',
      status: 'Pending',
      date_earned: '0000-00-00 00:00:00',
    },
  ]);
});

const problemCases: Array<{ name: string; rows: WorldRows; earnedBy?: string; problems: string[] }> = [
  { name: 'none for an Active affiliate and a Pending order of another client', rows: {}, problems: [] },
  { name: 'none for an Active order', rows: { orders: [{ client_id: '2', invoice_id: '1', status: 'Active' }] }, problems: [] },
  {
    name: 'a Cancelled order',
    rows: { orders: [{ client_id: '2', invoice_id: '1', status: 'Cancelled' }] },
    problems: ['Order #1 is Cancelled: only an order that is Pending or Active can be given a referrer'],
  },
  {
    name: 'a Fraud order',
    rows: { orders: [{ client_id: '2', invoice_id: '1', status: 'Fraud' }] },
    problems: ['Order #1 is Fraud: only an order that is Pending or Active can be given a referrer'],
  },
  {
    name: 'an Inactive affiliate',
    rows: { affiliates: [{ client_id: '1', status: 'Inactive' }] },
    problems: ['Affiliate 1 is Inactive: only an Active affiliate can refer orders'],
  },
  {
    name: "the affiliate's own order",
    rows: { orders: [{ client_id: '1', invoice_id: '1' }] },
    problems: ["Order #1 is client 1's own, and affiliate 1 is client 1's account: an affiliate cannot refer its own orders"],
  },
  {
    name: 'a commission another affiliate earned',
    rows: {
      clients: [{}, { email: 'buyer@example.com' }, { email: 'other@example.com' }],
      affiliates: [{ client_id: '1' }, { client_id: '3' }],
      affiliate_referrals: [{ affiliate_id: '2', status: 'Earned' }],
    },
    problems: ['Order #1 is paid and affiliate 2 already earned its commission: its referrer can no longer change'],
  },
  {
    name: 'none for the affiliate that earned it',
    rows: { affiliate_referrals: [{ affiliate_id: '1', status: 'Earned' }] },
    problems: [],
  },
  {
    name: 'every problem at once',
    rows: { affiliates: [{ client_id: '1', status: 'Inactive' }], orders: [{ client_id: '1', invoice_id: '1', status: 'Cancelled' }] },
    problems: [
      'Order #1 is Cancelled: only an order that is Pending or Active can be given a referrer',
      'Affiliate 1 is Inactive: only an Active affiliate can refer orders',
      "Order #1 is client 1's own, and affiliate 1 is client 1's account: an affiliate cannot refer its own orders",
    ],
  },
];

for (const c of problemCases) {
  t.test(`referral problems: ${c.name}`, async (t) => {
    const w = shop(c.rows);
    t.strictSame(referralProblems(w, w.get('orders', '1')!, w.get('affiliates', '1')!), c.problems);
  });
}

// Every way an invoice becomes Paid goes through settleInvoice, so each one pays the affiliate.
const payingCases: Array<{ name: string; pay: (w: World) => unknown; earned: boolean }> = [
  {
    name: 'a payment of the whole total',
    pay: (w) => recordPayment(w, { invoice: w.get('invoices', '1')!, cents: 2000, feeCents: 0, gateway, date: NOW, sendEmail: false }, NOW),
    earned: true,
  },
  {
    name: 'a partial payment (the invoice stays Unpaid)',
    pay: (w) => recordPayment(w, { invoice: w.get('invoices', '1')!, cents: 1999, feeCents: 0, gateway, date: NOW, sendEmail: false }, NOW),
    earned: false,
  },
  { name: "the client's credit", pay: (w) => applyCredit(w, w.get('invoices', '1')!, w.get('clients', '2')!, 2000, NOW), earned: true },
  { name: 'the status set to Paid by hand', pay: (w) => markInvoice(w, w.get('invoices', '1')!, 'Paid', NOW), earned: true },
  {
    name: "the daily run's credit applied to a new invoice",
    pay: (w) => applyCreditToNewInvoice(w, w.get('invoices', '1')!, w.get('clients', '2')!, NOW),
    earned: true,
  },
  { name: 'settling it directly', pay: (w) => settleInvoice(w, w.get('invoices', '1')!, NOW, NOW), earned: true },
];

for (const c of payingCases) {
  t.test(`the order's invoice paid by ${c.name}: ${c.earned ? 'earned' : 'still pending'}`, async (t) => {
    const w = shop();
    refer(w);
    write(w, () => c.pay(w));
    t.strictSame(
      referral(w).map((r) => [r.status, r.date_earned]),
      [c.earned ? ['Earned', '2026-12-03 10:20:30'] : ['Pending', '0000-00-00 00:00:00']],
    );
    t.equal(balance(w), c.earned ? '2.00' : '0.00', "the affiliate's balance shows it");
  });
}

t.test('an invoice paid, marked Unpaid and paid again earns the commission once', async (t) => {
  const w = shop({ affiliates: [{ client_id: '1', balance: '5.00' }] });
  refer(w);
  write(w, () => markInvoice(w, w.get('invoices', '1')!, 'Paid', NOW));
  write(w, () => markInvoice(w, w.get('invoices', '1')!, 'Unpaid', NOW));
  write(w, () => markInvoice(w, w.get('invoices', '1')!, 'Paid', midnight('2026-12-09')));
  t.equal(balance(w), '7.00');
  t.strictSame(
    referral(w).map((r) => [r.status, r.date_earned]),
    [['Earned', '2026-12-03 10:20:30']],
    'earned when first paid',
  );
});

t.test("paying an invoice that is not a referred order's earns nobody anything", async (t) => {
  const w = shop({ orders: [{ client_id: '2', invoice_id: '0', total: '20.00' }] });
  const before = JSON.stringify(w.all('affiliates'));
  write(w, () => markInvoice(w, w.get('invoices', '1')!, 'Paid', NOW));
  t.equal(JSON.stringify(w.all('affiliates')), before);
});

t.test('a deleted order takes a pending commission with it and leaves an earned one as history', async (t) => {
  const w = shop({
    orders: [
      { client_id: '2', invoice_id: '1' },
      { client_id: '2', invoice_id: '0' },
    ],
    affiliate_referrals: [
      { order_id: '1', status: 'Pending' },
      { order_id: '2', status: 'Earned', commission: '3.00' },
    ],
  });
  write(w, () => {
    forgetOrderReferral(w, '1');
    forgetOrderReferral(w, '2');
    forgetOrderReferral(w, '3');
  });
  t.strictSame(
    referral(w).map((r) => [r.id, r.order_id, r.status, r.commission]),
    [['2', '0', 'Earned', '3.00']],
  );
});

t.test("a removed client's affiliate account goes with every referral it made, and only those", async (t) => {
  const w = shop({
    clients: [{}, { email: 'buyer@example.com' }, { email: 'other@example.com' }],
    affiliates: [{ client_id: '1' }, { client_id: '3' }],
    affiliate_referrals: [
      { affiliate_id: '1' },
      { affiliate_id: '2', order_id: '2' },
      { affiliate_id: '1', order_id: '0', status: 'Earned' },
    ],
  });
  write(w, () => removeAffiliateOf(w, '1'));
  t.strictSame(
    w.all('affiliates').map((a) => a.id),
    ['2'],
  );
  t.strictSame(
    referral(w).map((r) => r.id),
    ['2'],
  );
});

t.test('an affiliate as getAffiliates lists it: names joined, referrals counted as strings', async (t) => {
  const w = shop({
    affiliates: [{ client_id: '1', balance: '12.34', visits: '7' }],
    affiliate_referrals: [{ status: 'Earned' }, { status: 'Earned', order_id: '0' }, { status: 'Pending', order_id: '2' }],
  });
  t.strictSame(affiliateItem(w, w.get('affiliates', '1')!), {
    id: '1',
    firstname: 'Ada',
    lastname: 'Client',
    date_created: '2026-01-01 00:00:00',
    total_withdrawn: '0.00',
    status: 'Active',
    visits: '7',
    client_id: '1',
    currency_id: '0',
    balance: '12.34',
    signups: '2',
    signups_pending: '1',
  });
});
