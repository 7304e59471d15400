// Reminders and late fees on the days around their boundaries, for an invoice
// due 2026-12-15 under billsim's default settings: a reminder 3 days before,
// overdue notices 1, 7 and 14 days after, a 5.00 fee 3 days after.
// Suspension, termination and unpaid orders: dunning-services.test.ts.
import t from 'tap';
import type { Invoice } from '../../src/generated/wire.js';
import { invoiceAutomation } from '../../src/domain/automationSettings.js';
import { addLateFee, nextChaseDay, sendReminder } from '../../src/domain/dunning.js';
import { dayNumber } from '../../src/lib/dates.js';
import { creditLine, hostingLine, midnight, state, type WorldRows, world, write } from '../helpers/world.js';

const unpaid = {
  clients: [{ email: 'ada@example.com' }],
  services: [{}],
  invoices: [{ date: '2026-12-01', duedate: '2026-12-15', items: [hostingLine('1', '20.00')] }],
} satisfies WorldRows;

const reminderCases = [
  { day: '2026-12-11', sent: undefined },
  { day: '2026-12-12', sent: ['Unpaid Invoice Reminder', 'Invoice Payment Reminder #1', 'invoice #1 due in 3 days, on 2026-12-15'] },
  { day: '2026-12-13', sent: undefined },
  { day: '2026-12-15', sent: undefined },
  { day: '2026-12-16', sent: ['Overdue Invoice Reminder', 'First Overdue Notice: Invoice #1', 'invoice #1 unpaid 1 day past due'] },
  { day: '2026-12-17', sent: undefined },
  { day: '2026-12-21', sent: undefined },
  { day: '2026-12-22', sent: ['Overdue Invoice Reminder', 'Second Overdue Notice: Invoice #1', 'invoice #1 unpaid 7 days past due'] },
  { day: '2026-12-23', sent: undefined },
  { day: '2026-12-28', sent: undefined },
  { day: '2026-12-29', sent: ['Overdue Invoice Reminder', 'Third Overdue Notice: Invoice #1', 'invoice #1 unpaid 14 days past due'] },
  { day: '2026-12-30', sent: undefined },
];

for (const c of reminderCases) {
  t.test(`reminder on ${c.day}: ${c.sent ? c.sent[1] : 'none'}`, async (t) => {
    const w = world(unpaid);
    const invoice = w.get('invoices', '1')!;
    const before = state(w);
    const done = write(w, () => sendReminder(w, invoice, invoiceAutomation(w, invoice), c.day, midnight(c.day)));
    if (!c.sent) {
      t.equal(done, undefined);
      t.equal(state(w), before, 'nothing changed');
      return;
    }
    const [template, subject, reason] = c.sent;
    t.strictSame(done, { action: 'reminder_sent', reason, records: { client_id: '1', invoice_id: '1', email_id: '1' } });
    t.strictSame(w.all('emails'), [
      { id: '1', date: `${c.day} 00:00:00`, to: 'ada@example.com', subject, template, client_id: '1', related: { invoice_id: '1' } },
    ]);
  });
}

t.test("no reminder on a reminder day when the client's overrides turn reminders off", async (t) => {
  const w = world({ ...unpaid, client_automation: [{ client_id: '1', reminders: '0' }] });
  const invoice = w.get('invoices', '1')!;
  const before = state(w);
  for (const day of ['2026-12-12', '2026-12-16']) {
    t.equal(
      write(w, () => sendReminder(w, invoice, invoiceAutomation(w, invoice), day, midnight(day))),
      undefined,
    );
  }
  t.equal(state(w), before);
});

/** Invoice 1 with a fee line of `amount` added, totals following. */
const withFeeLine = (invoice: Invoice, amount: string, total: string): Invoice => ({
  ...invoice,
  subtotal: total,
  total,
  items: [
    ...invoice.items,
    {
      id: '2',
      invoice_id: '1',
      type: 'Late Fee',
      item_id: '1',
      description: 'Late fee for invoice #1',
      amount,
      taxed: '0',
      qty: '1',
      linetotal: Number(amount),
    },
  ],
});

const feeLineCases = [
  { day: '2026-12-17', fee: undefined },
  { day: '2026-12-18', fee: 'invoice #1 unpaid 3 days past due' },
  { day: '2026-12-19', fee: 'invoice #1 unpaid 4 days past due' },
];

for (const c of feeLineCases) {
  t.test(`late fee as a line on ${c.day}: ${c.fee ? 'added' : 'none yet'}`, async (t) => {
    const w = world(unpaid);
    const invoice = w.get('invoices', '1')!;
    const before = state(w);
    const done = write(w, () => addLateFee(w, invoice, invoiceAutomation(w, invoice), c.day));
    if (!c.fee) {
      t.equal(done, undefined);
      t.equal(state(w), before, 'nothing changed');
      return;
    }
    t.strictSame(done, { action: 'late_fee_added', reason: c.fee, records: { client_id: '1', invoice_id: '1' } });
    t.strictSame(w.get('invoices', '1'), withFeeLine(invoice, '5.00', '25.00'));
    t.equal(w.count('invoices'), 1);
  });
}

t.test('a late fee is added once: the next day finds the line', async (t) => {
  const w = world(unpaid);
  write(w, () => addLateFee(w, w.get('invoices', '1')!, invoiceAutomation(w, w.get('invoices', '1')!), '2026-12-18'));
  const after = state(w);
  const invoice = w.get('invoices', '1')!;
  t.equal(
    write(w, () => addLateFee(w, invoice, invoiceAutomation(w, invoice), '2026-12-19')),
    undefined,
  );
  t.equal(state(w), after);
});

// A product charging 10% of the invoice's total, on an invoice of its own.
const percentSeparate = {
  ...unpaid,
  product_automation: [
    { product_id: '1', late_fee_type: 'percent' as const, late_fee_amount: '10.00', late_fee_separate_invoice: '1' as const },
  ],
} satisfies WorldRows;

const separateCases = [
  { day: '2026-12-17', added: false },
  { day: '2026-12-18', added: true },
];

for (const c of separateCases) {
  t.test(`a percent late fee as a separate invoice on ${c.day}: ${c.added ? 'added' : 'none yet'}`, async (t) => {
    const w = world(percentSeparate);
    const invoice = w.get('invoices', '1')!;
    const done = write(w, () => addLateFee(w, invoice, invoiceAutomation(w, invoice), c.day));
    t.strictSame(w.get('invoices', '1'), invoice, 'the late invoice itself is unchanged');
    if (!c.added) {
      t.equal(done, undefined);
      t.equal(w.count('invoices'), 1);
      return;
    }
    t.strictSame(done, {
      action: 'late_fee_added',
      reason: 'invoice #1 unpaid 3 days past due',
      records: { client_id: '1', invoice_id: '2', late_invoice_id: '1' },
    });
    t.strictSame(w.get('invoices', '2'), {
      id: '2',
      paid_id: '',
      recurring_id: '0',
      status: 'Unpaid',
      client_id: '1',
      date: '2026-12-18',
      duedate: '2026-12-18',
      datepaid: '0000-00-00 00:00:00',
      subtotal: '2.00',
      credit: '0.00',
      tax: '0.00',
      taxrate: '0.00',
      tax2: '0.00',
      taxrate2: '0.00',
      total: '2.00',
      payment_module: '1',
      currency_id: '0',
      rate: '1.0000',
      notes: '',
      items: [
        {
          id: '2',
          invoice_id: '2',
          type: 'Late Fee',
          item_id: '1',
          description: 'Late fee for invoice #1',
          amount: '2.00',
          taxed: '0',
          qty: '1',
          linetotal: 2,
        },
      ],
    });
    const after = state(w);
    t.equal(
      write(w, () => addLateFee(w, w.get('invoices', '1')!, invoiceAutomation(w, invoice), '2026-12-19')),
      undefined,
      'once: the separate fee invoice is found the next day',
    );
    t.equal(state(w), after);
  });
}

t.test('a fixed fee is converted from the main currency into the invoice currency', async (t) => {
  const w = world({
    ...unpaid,
    currencies: [{ id: '1', rate: '0.9000' }],
    invoices: [{ ...unpaid.invoices[0], currency_id: '1', rate: '0.9000' }],
  });
  const invoice = w.get('invoices', '1')!;
  write(w, () => addLateFee(w, invoice, invoiceAutomation(w, invoice), '2026-12-18'));
  t.strictSame(w.get('invoices', '1'), withFeeLine(invoice, '4.50', '24.50'));
});

const noFeeCases: { name: string; rows: WorldRows }[] = [
  { name: 'late fees turned off for the client', rows: { ...unpaid, client_automation: [{ client_id: '1', late_fee: '0' }] } },
  { name: 'a credit receipt', rows: { ...unpaid, invoices: [{ duedate: '2026-12-15', items: [creditLine('50.00')] }] } },
  { name: 'a fee of 0.00', rows: { ...unpaid, product_automation: [{ product_id: '1', late_fee_amount: '0.00' }] } },
];

for (const c of noFeeCases) {
  t.test(`no late fee on its day for ${c.name}`, async (t) => {
    const w = world(c.rows);
    const invoice = w.get('invoices', '1')!;
    const before = state(w);
    t.equal(
      write(w, () => addLateFee(w, invoice, invoiceAutomation(w, invoice), '2026-12-18')),
      undefined,
    );
    t.equal(state(w), before);
  });
}

t.test('nextChaseDay: the next day a reminder, the fee, the suspension or the termination falls on', async (t) => {
  const w = world(unpaid);
  const invoice = w.get('invoices', '1') as Invoice;
  // Defaults for an invoice due 2026-12-15: reminder 12-12, notices 12-16, 12-22, 12-29, fee 12-18, suspension 12-20, termination 2027-01-14.
  const cases = [
    ['2026-01-01', '2026-12-12'],
    ['2026-12-11', '2026-12-12'],
    ['2026-12-12', '2026-12-16'],
    ['2026-12-16', '2026-12-18'],
    ['2026-12-18', '2026-12-20'],
    ['2026-12-20', '2026-12-22'],
    ['2026-12-22', '2026-12-29'],
    ['2026-12-29', '2027-01-14'],
    ['2027-01-13', '2027-01-14'],
    ['2027-01-14', undefined],
  ] as const;
  for (const [today, next] of cases) {
    const found = nextChaseDay(w, invoice, dayNumber(today));
    t.equal(found, next === undefined ? undefined : dayNumber(next), `after ${today}: ${next ?? 'none'}`);
  }
  const quiet = world({ ...unpaid, client_automation: [{ client_id: '0', reminders: '0', late_fee: '0', suspend: '0', terminate: '0' }] });
  t.equal(nextChaseDay(quiet, quiet.get('invoices', '1') as Invoice, dayNumber('2026-01-01')), undefined, 'every rule off: none');
});
