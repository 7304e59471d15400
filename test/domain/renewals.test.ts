// Renewal invoices of services and domains on the days around their invoice
// date, and what paying one moves on. Defaults: invoice_days 14 for services
// (billsim's defaults), 30 for domains.
import t from 'tap';
import type { Invoice } from '../../src/generated/wire.js';
import { applyPaidRenewals, renewDomainInvoice, renewService, servicesToBill } from '../../src/domain/renewals.js';
import { domainLine, hostingLine, midnight, state, type WorldRows, world, write } from '../helpers/world.js';

// A monthly service due 2026-12-15, so invoiced 14 days earlier, on 2026-12-01.
const hosting = {
  clients: [{}],
  products: [{ name: 'Business Hosting' }],
  services: [{ domain: 'example.com', total: '12.30', next_due: '2026-12-15', next_invoice: '2026-12-01' }],
} satisfies WorldRows;

/** The renewal invoice of service 1 for the period from 2026-12-15, made on `date`. */
const serviceInvoice = (date: string): Invoice => ({
  id: '1',
  paid_id: '',
  recurring_id: '0',
  status: 'Unpaid',
  client_id: '1',
  date,
  duedate: '2026-12-15',
  datepaid: '0000-00-00 00:00:00',
  subtotal: '12.30',
  credit: '0.00',
  tax: '0.00',
  taxrate: '0.00',
  tax2: '0.00',
  taxrate2: '0.00',
  total: '12.30',
  payment_module: '1',
  currency_id: '0',
  rate: '1.0000',
  notes: '',
  items: [
    {
      id: '1',
      invoice_id: '1',
      type: 'Hosting',
      item_id: '1',
      description: 'Business Hosting - example.com (15/12/2026 - 14/01/2027)',
      amount: '12.30',
      taxed: '0',
      qty: '1',
      linetotal: 12.3,
    },
  ],
});

const serviceCases = [
  { name: 'the day before next_invoice: not billed', day: '2026-11-30', invoice: undefined, nextInvoice: '2026-12-01' },
  {
    name: 'on next_invoice: billed, next_invoice moves a period on',
    day: '2026-12-01',
    invoice: serviceInvoice('2026-12-01'),
    nextInvoice: '2027-01-01',
  },
  {
    name: 'the day after (a day missed): billed for the same period',
    day: '2026-12-02',
    invoice: serviceInvoice('2026-12-02'),
    nextInvoice: '2027-01-01',
  },
];

for (const c of serviceCases) {
  t.test(`service renewal, ${c.name}`, async (t) => {
    const w = world(hosting);
    t.strictSame(
      servicesToBill(w, c.day).map((s) => s.id),
      c.invoice ? ['1'] : [],
    );
    const made = write(w, () => renewService(w, w.get('accounts', '1')!, c.day));
    t.strictSame(made, c.invoice);
    t.strictSame(w.all('invoices'), c.invoice ? [c.invoice] : []);
    t.equal(w.get('accounts', '1')!.next_invoice, c.nextInvoice);
    t.equal(w.get('accounts', '1')!.next_due, '2026-12-15', 'the due date moves only when the invoice is paid');
  });
}

t.test('a period already billed: the next renewal bills the period after it', async (t) => {
  const w = world({ ...hosting, services: [{ ...hosting.services[0], next_invoice: '2027-01-01' }] });
  const invoice = write(w, () => renewService(w, w.get('accounts', '1')!, '2027-01-01'))!;
  t.equal(invoice.duedate, '2027-01-15');
  t.equal(invoice.items[0].description, 'Business Hosting - example.com (15/01/2027 - 14/02/2027)');
  t.equal(w.get('accounts', '1')!.next_invoice, '2027-02-01');
});

const notBilled = [
  { name: 'a Suspended service', service: { status: 'Suspended' as const } },
  { name: 'an hourly service', service: { billingcycle: 'Hourly' as const } },
  { name: 'a one-time service', service: { billingcycle: 'One Time' as const } },
  { name: 'a service that never falls due', service: { next_invoice: '0000-00-00' } },
];

for (const c of notBilled) {
  t.test(`no renewal invoice for ${c.name}, on and after its invoice date`, async (t) => {
    const w = world({ ...hosting, services: [{ ...hosting.services[0], ...c.service }] });
    const before = state(w);
    for (const day of ['2026-12-01', '2026-12-02']) {
      t.strictSame(servicesToBill(w, day), []);
      t.equal(
        write(w, () => renewService(w, w.get('accounts', '1')!, day)),
        undefined,
      );
    }
    t.equal(state(w), before, 'nothing changed');
  });
}

// A .com renewing yearly on 2027-01-31, invoiced 30 days earlier, on 2027-01-01.
const domainWorld = (autorenew: '0' | '1') =>
  world({
    clients: [{}],
    products: [{ id: '2', name: '.com', type: '8', ptype: 'domain', paytype: 'DomainRegular' }],
    domains: [{ tld_id: '2', autorenew, expires: '2027-01-31', next_due: '2027-01-31', next_invoice: '2027-01-01' }],
  });

const domainCases = [
  { day: '2026-12-31', autorenew: '1' as const, billed: false },
  { day: '2027-01-01', autorenew: '1' as const, billed: true },
  { day: '2027-01-02', autorenew: '1' as const, billed: true },
  { day: '2027-01-01', autorenew: '0' as const, billed: false },
  { day: '2027-01-02', autorenew: '0' as const, billed: false },
];

for (const c of domainCases) {
  t.test(`domain renewal on ${c.day}, autorenew ${c.autorenew}: ${c.billed ? 'billed' : 'not billed'}`, async (t) => {
    const d = domainWorld(c.autorenew);
    const before = state(d);
    const invoice = write(d, () => renewDomainInvoice(d, d.get('domains', '1')!, c.day));
    if (!c.billed) {
      t.equal(invoice, undefined);
      t.equal(state(d), before, 'nothing changed');
      t.equal(d.count('invoices'), 0);
      return;
    }
    t.match(invoice, { id: '1', status: 'Unpaid', client_id: '1', date: c.day, duedate: '2027-01-31', total: '15.00' });
    t.strictSame(invoice!.items, [
      {
        id: '1',
        invoice_id: '1',
        type: 'Domain Renew',
        item_id: '1',
        description: 'Domain Renewal: example.com Period: 1 Year/s',
        amount: '15.00',
        taxed: '0',
        qty: '1',
        linetotal: 15,
      },
    ]);
    t.strictSame(
      [d.get('domains', '1')!.next_invoice, d.get('domains', '1')!.next_due, d.get('domains', '1')!.expires],
      ['2028-01-01', '2027-01-31', '2027-01-31'],
      'next_invoice moves to the next year; expiry waits for the payment',
    );
  });
}

// Paying the renewal invoice due 2026-12-15 moves the service's next_due a month on.
const paidCases = [
  { name: 'an Active service billed for its next_due', service: {}, duedate: '2026-12-15', expect: ['2027-01-15', '2027-01-01'] },
  { name: 'a Suspended service', service: { status: 'Suspended' as const }, duedate: '2026-12-15', expect: ['2027-01-15', '2027-01-01'] },
  {
    name: 'next_invoice already past the new invoice date stays',
    service: { next_invoice: '2027-02-01' },
    duedate: '2026-12-15',
    expect: ['2027-01-15', '2027-02-01'],
  },
  { name: 'an invoice for another due date', service: {}, duedate: '2026-12-14', expect: ['2026-12-15', '2026-12-01'] },
  { name: 'a Terminated service', service: { status: 'Terminated' as const }, duedate: '2026-12-15', expect: ['2026-12-15', '2026-12-01'] },
];

for (const c of paidCases) {
  t.test(`a paid renewal: ${c.name}`, async (t) => {
    const w = world({
      ...hosting,
      services: [{ ...hosting.services[0], ...c.service }],
      invoices: [{ status: 'Paid', duedate: c.duedate, items: [hostingLine('1', '12.30')] }],
    });
    write(w, () => applyPaidRenewals(w, w.get('invoices', '1')!, midnight('2026-12-10')));
    const s = w.get('accounts', '1')!;
    t.strictSame([s.next_due, s.next_invoice], c.expect);
  });
}

const paidDomainCases = [
  { name: 'renewed at the registrar when the TLD says so', autoRenew: '1' as const, expires: '2027-01-31', renewed: true },
  { name: 'left alone when the TLD does not renew on payment', autoRenew: '0' as const, expires: '2027-01-31', renewed: false },
];

for (const c of paidDomainCases) {
  t.test(`a paid domain renewal is ${c.name}`, async (t) => {
    const w = world({
      clients: [{}],
      tld_automation: [{ tld_id: '0', auto_renew_on_payment: c.autoRenew }],
      domains: [{ expires: c.expires, next_due: '2027-01-31', next_invoice: '2028-01-01' }],
      invoices: [{ status: 'Paid', duedate: '2027-01-31', items: [domainLine('1')] }],
    });
    write(w, () => applyPaidRenewals(w, w.get('invoices', '1')!, midnight('2027-01-10')));
    const d = w.get('domains', '1')!;
    t.strictSame(
      [d.status, d.expires, d.next_due, d.next_invoice, d.synch_date],
      c.renewed
        ? ['Active', '2028-01-31', '2028-01-31', '2028-01-01', '2027-01-10 00:00:00']
        : ['Active', '2027-01-31', '2027-01-31', '2028-01-01', '0000-00-00 00:00:00'],
    );
  });
}

// An Expired domain renews on payment within its grace period (30 days after 2027-01-31: up to 2027-03-02).
const graceCases = [
  { paidOn: '2027-03-02', renewed: true },
  { paidOn: '2027-03-03', renewed: false },
];

for (const c of graceCases) {
  t.test(
    `an Expired domain's renewal paid on ${c.paidOn}: ${c.renewed ? 'renewed (within grace)' : 'not renewed (past grace)'}`,
    async (t) => {
      const w = world({
        clients: [{}],
        domains: [{ status: 'Expired', expires: '2027-01-31', next_due: '2027-01-31', next_invoice: '2028-01-01' }],
        invoices: [{ status: 'Paid', duedate: '2027-01-31', items: [domainLine('1')] }],
      });
      write(w, () => applyPaidRenewals(w, w.get('invoices', '1')!, midnight(c.paidOn)));
      const d = w.get('domains', '1')!;
      t.strictSame([d.status, d.expires], c.renewed ? ['Active', '2028-01-31'] : ['Expired', '2027-01-31']);
    },
  );
}

// Questionable rule, left failing on purpose (reported, not fixed here): a paid renewal moves
// next_due only when the invoice is due on next_due, so two renewal invoices paid newest first
// advance the service one period instead of two; next_due then stays a period behind for good.
t.todo('two renewal invoices paid newest first advance the service two periods', async (t) => {
  const w = world({
    ...hosting,
    services: [{ ...hosting.services[0], next_invoice: '2027-02-01' }],
    invoices: [
      { status: 'Paid', duedate: '2026-12-15', items: [hostingLine('1', '12.30')] },
      { status: 'Paid', duedate: '2027-01-15', items: [hostingLine('1', '12.30')] },
    ],
  });
  const now = midnight('2026-12-10');
  write(w, () => applyPaidRenewals(w, w.get('invoices', '2')!, now));
  write(w, () => applyPaidRenewals(w, w.get('invoices', '1')!, now));
  t.equal(w.get('accounts', '1')!.next_due, '2027-02-15');
});
