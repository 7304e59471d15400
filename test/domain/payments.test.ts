// Money coming in: what an invoice still owes, a payment recorded, credit
// applied, and what an invoice becoming Paid sets off (a suspended service
// back, an order accepted, a credit receipt credited).
import t from 'tap';
import { applyCredit, applyCreditToNewInvoice, balanceDueCents, recordPayment, settleInvoice } from '../../src/domain/payments.js';
import { ApiError } from '../../src/errors.js';
import { creditLine, hostingLine, midnight, state, type WorldRows, world, write } from '../helpers/world.js';

const gateway = { id: '1', name: 'Bank Transfer', module: 'banktransfer', enabled: '1' as const };

const balanceCases = [
  { name: 'nothing paid', txs: [], due: 2000 },
  { name: 'part paid', txs: [{ in: '5.50' }], due: 1450 },
  { name: 'paid, then partly refunded', txs: [{ in: '20.00' }, { out: '3.00' }], due: 300 },
  { name: 'paid beyond the total: never below 0.00', txs: [{ in: '25.00' }], due: 0 },
];

for (const c of balanceCases) {
  t.test(`balance due: ${c.name}`, async (t) => {
    const w = world({ clients: [{}], invoices: [{ items: [hostingLine('1', '20.00')] }], transactions: c.txs });
    t.equal(balanceDueCents(w, w.get('invoices', '1')!), c.due);
  });
}

const paymentCases = [
  { cents: 1999, status: 'Unpaid', description: 'Invoice #1 partial payment', credit: '0.00' },
  { cents: 2000, status: 'Paid', description: 'Invoice #1 payment', credit: '0.00' },
  { cents: 2001, status: 'Paid', description: 'Invoice #1 payment', credit: '0.01' },
];

for (const c of paymentCases) {
  t.test(`a payment of ${c.cents} cents on a 20.00 invoice: ${c.status}, credit ${c.credit}`, async (t) => {
    const w = world({ clients: [{}], gateways: [gateway], invoices: [{ items: [hostingLine('1', '20.00')] }] });
    const invoice = w.get('invoices', '1')!;
    const paidAt = new Date('2026-12-03T10:20:30Z');
    const tx = write(w, () => recordPayment(w, { invoice, cents: c.cents, feeCents: 0, gateway, date: paidAt, sendEmail: false }, paidAt));
    t.strictSame(tx, {
      id: '1',
      client_id: '1',
      invoice_id: '1',
      date: '2026-12-03 10:20:30',
      description: c.description,
      in: (c.cents / 100).toFixed(2),
      out: '0.00',
      fee: '0.00',
      currency_id: '0',
      payment_module: '1',
      trans_id: 'BS-20261203-000001',
    });
    const after = w.get('invoices', '1')!;
    t.strictSame(
      [after.status, after.paid_id, after.datepaid],
      c.status === 'Paid' ? ['Paid', '2026/0001', '2026-12-03 10:20:30'] : ['Unpaid', '', '0000-00-00 00:00:00'],
    );
    t.equal(w.get('clients', '1')!.credit, c.credit, 'only what goes beyond the total becomes credit');
    t.equal(w.count('emails'), 0, 'no e-mail unless asked');
  });
}

t.test('a payment to a settled invoice is refused and changes nothing', async (t) => {
  const w = world({ clients: [{}], gateways: [gateway], invoices: [{ status: 'Paid', items: [hostingLine('1')] }] });
  const before = state(w);
  const invoice = w.get('invoices', '1')!;
  const now = midnight('2026-12-03');
  t.throws(
    () => write(w, () => recordPayment(w, { invoice, cents: 100, feeCents: 0, gateway, date: now, sendEmail: false }, now)),
    new ApiError('Invoice #1 is Paid: only an Unpaid invoice (or one in Collections) takes payments'),
  );
  t.equal(state(w), before);
});

// "Apply credit to new invoices": the client holds `credit`, the new invoice is 20.00.
const newInvoiceCases: { name: string; rows: WorldRows; cents: number; status: string; left: string }[] = [
  { name: 'part of the invoice', rows: { clients: [{ credit: '4.00' }] }, cents: 400, status: 'Unpaid', left: '0.00' },
  { name: 'all of it', rows: { clients: [{ credit: '25.00' }] }, cents: 2000, status: 'Paid', left: '5.00' },
  {
    name: 'none: the setting off for the client',
    rows: { clients: [{ credit: '25.00' }], client_automation: [{ client_id: '1', auto_apply_credit: '0' }] },
    cents: 0,
    status: 'Unpaid',
    left: '25.00',
  },
  {
    name: 'none: the setting off for every client',
    rows: { clients: [{ credit: '25.00' }], client_automation: [{ client_id: '0', auto_apply_credit: '0' }] },
    cents: 0,
    status: 'Unpaid',
    left: '25.00',
  },
  {
    name: 'none: credit held in another currency',
    rows: { clients: [{ credit: '25.00', currency_id: '1' }], currencies: [{ id: '1', rate: '2.0000' }] },
    cents: 0,
    status: 'Unpaid',
    left: '25.00',
  },
  { name: 'none: no credit', rows: { clients: [{ credit: '0.00' }] }, cents: 0, status: 'Unpaid', left: '0.00' },
];

for (const c of newInvoiceCases) {
  t.test(`credit applied to a new invoice: ${c.name}`, async (t) => {
    const w = world({ invoices: [{ items: [hostingLine('1', '20.00')] }], ...c.rows });
    const before = state(w);
    const done = write(w, () => applyCreditToNewInvoice(w, w.get('invoices', '1')!, w.get('clients', '1')!, midnight('2026-12-01')));
    t.equal(done.cents, c.cents);
    t.strictSame(done.invoice, w.get('invoices', '1'), 'the invoice answered is the one stored');
    t.equal(done.invoice.status, c.status);
    t.equal(w.get('clients', '1')!.credit, c.left);
    if (c.cents === 0) t.equal(state(w), before, 'nothing applied, nothing changed');
  });
}

const creditCases = [
  { cents: 500, status: 'Unpaid', invoiceCredit: '5.00', total: '15.00', clientCredit: '15.00' },
  { cents: 2000, status: 'Paid', invoiceCredit: '20.00', total: '0.00', clientCredit: '0.00' },
];

for (const c of creditCases) {
  t.test(`${c.cents} cents of credit applied to a 20.00 invoice: ${c.status}`, async (t) => {
    const w = world({ clients: [{ credit: '20.00' }], invoices: [{ items: [hostingLine('1', '20.00')] }] });
    const after = write(w, () => applyCredit(w, w.get('invoices', '1')!, w.get('clients', '1')!, c.cents, midnight('2026-12-03')));
    t.strictSame([after.status, after.credit, after.total], [c.status, c.invoiceCredit, c.total]);
    t.equal(w.get('clients', '1')!.credit, c.clientCredit);
    t.strictSame(w.all('credit_log'), [
      {
        id: '1',
        date: '2026-12-03 00:00:00',
        client_id: '1',
        in: '0.00',
        out: (c.cents / 100).toFixed(2),
        balance: c.clientCredit,
        description: 'Credit applied to invoice',
        invoice_id: '1',
        transaction_id: '0',
        admin_id: '1',
        currency_id: '0',
        transid: '',
      },
    ]);
  });
}

const refusedCredit: { name: string; rows: WorldRows; cents: number; error: string }[] = [
  {
    name: 'more than the invoice owes',
    rows: { clients: [{ credit: '50.00' }], invoices: [{ items: [hostingLine('1', '20.00')] }] },
    cents: 2001,
    error: 'Invoice #1 owes 20.00, less than the 20.01 of credit asked for: apply at most 20.00',
  },
  {
    name: "more than the client's credit",
    rows: { clients: [{ credit: '5.00' }], invoices: [{ items: [hostingLine('1', '20.00')] }] },
    cents: 501,
    error: 'Client 1 has 5.00 credit, less than the 5.01 asked for: nothing was applied',
  },
  {
    name: 'a credit receipt',
    rows: { clients: [{ credit: '50.00' }], invoices: [{ items: [creditLine('20.00')] }] },
    cents: 100,
    error: 'Invoice #1 is a credit receipt (add funds): credit cannot pay for credit, so pay it with a payment instead',
  },
];

for (const c of refusedCredit) {
  t.test(`credit refused for ${c.name}, changing nothing`, async (t) => {
    const w = world(c.rows);
    const before = state(w);
    t.throws(
      () => write(w, () => applyCredit(w, w.get('invoices', '1')!, w.get('clients', '1')!, c.cents, midnight('2026-12-03'))),
      new ApiError(c.error),
    );
    t.equal(state(w), before);
  });
}

// Service 1 was suspended for invoice 1 (due 2026-12-01); invoice 2 of the same service is due `otherDue`.
const unsuspendCases = [
  { name: 'no other invoice', otherDue: undefined, status: 'Active' },
  { name: 'another invoice of the service overdue since yesterday', otherDue: '2026-12-09', status: 'Suspended' },
  { name: 'another invoice of the service due today', otherDue: '2026-12-10', status: 'Active' },
  { name: 'another invoice of the service due tomorrow', otherDue: '2026-12-11', status: 'Active' },
];

for (const c of unsuspendCases) {
  t.test(`paying the overdue invoice of a Suspended service, ${c.name}: ${c.status}`, async (t) => {
    const other = c.otherDue ? [{ duedate: c.otherDue, items: [hostingLine('1')] }] : [];
    const w = world({
      clients: [{}],
      services: [{ status: 'Suspended' }],
      account_addons: [{ status: 'Suspended' }],
      invoices: [{ duedate: '2026-12-01', items: [hostingLine('1')] }, ...other],
    });
    const now = midnight('2026-12-10');
    write(w, () => settleInvoice(w, w.get('invoices', '1')!, now, now));
    t.equal(w.get('invoices', '1')!.status, 'Paid');
    t.equal(w.get('accounts', '1')!.status, c.status);
    t.equal(w.get('account_addons', '1')!.status, c.status, 'its addon follows');
  });
}

t.test("paying an order's invoice accepts the order and creates its services", async (t) => {
  const w = world({
    clients: [{}],
    orders: [{ invoice_id: '1' }],
    services: [{ order_id: '1', status: 'Pending' }],
    invoices: [{ items: [hostingLine('1')] }],
  });
  const now = midnight('2026-12-02');
  write(w, () => settleInvoice(w, w.get('invoices', '1')!, now, now));
  t.strictSame([w.get('orders', '1')!.status, w.get('accounts', '1')!.status], ['Active', 'Active']);
});

t.test("a paid credit receipt becomes the client's credit", async (t) => {
  const w = world({ clients: [{ credit: '1.00' }], invoices: [{ items: [creditLine('20.00')] }] });
  const now = midnight('2026-12-02');
  write(w, () => settleInvoice(w, w.get('invoices', '1')!, now, now));
  t.equal(w.get('clients', '1')!.credit, '21.00');
  t.match(w.all('credit_log'), [{ in: '20.00', out: '0.00', balance: '21.00', description: 'Credit receipt #1 paid', admin_id: '0' }]);
});
