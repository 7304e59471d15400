// Reminders, late fees, suspension, termination and unpaid orders, each on its
// boundary day: nothing the day before, once on the day, never twice.
import t from 'tap';
import { api, build } from '../helpers/app.js';
import { automationLog, clock, emails, onDay, read } from './support.js';

const templates = async (app: Parameters<typeof emails>[0], invoiceId: string) =>
  (await emails(app)).filter((e) => e.related.invoice_id === invoiceId).map((e) => `${e.template}: ${e.subject}`);

t.test('reminders: one the unpaid_reminder_days before the due date, then on each overdue day', async (t) => {
  // Invoice 12 (Bruno Keller) is due 2026-11-24: reminders on 11-21, 11-25, 12-01 and 12-08.
  const app = await build(t);
  t.strictSame(await templates(app, '12'), []);
  await onDay(app, '2026-11-21');
  t.strictSame(await templates(app, '12'), ['Unpaid Invoice Reminder: Invoice Payment Reminder #12']);
  await onDay(app, '2026-11-24');
  t.equal((await templates(app, '12')).length, 1, 'the due date itself: none');
  await onDay(app, '2026-11-25');
  await onDay(app, '2026-12-07');
  t.strictSame(await templates(app, '12'), [
    'Overdue Invoice Reminder: Second Overdue Notice: Invoice #12',
    'Overdue Invoice Reminder: First Overdue Notice: Invoice #12',
    'Unpaid Invoice Reminder: Invoice Payment Reminder #12',
  ]);
  await onDay(app, '2026-12-08');
  t.strictSame((await templates(app, '12'))[0], 'Overdue Invoice Reminder: Third Overdue Notice: Invoice #12', '14 days after');
  await clock(app, { now: '2026-11-21 00:00:00' });
  await onDay(app, '2026-12-09');
  t.equal((await templates(app, '12')).length, 4, 'days already run are not run again');
});

t.test('a late fee is added late_fee_days after the due date, once, converted to the invoice currency', async (t) => {
  const app = await build(t);
  await onDay(app, '2026-11-26');
  const before = (await read(t, app, 'getInvoiceDetails', { id: '12' })).invoice;
  t.equal(before.items.length, 2, 'two days late: no fee');
  await onDay(app, '2026-11-27');
  const after = (await read(t, app, 'getInvoiceDetails', { id: '12' })).invoice;
  // 5.00 in the main currency is 4.60 EUR at the bundled rate.
  t.match(after.items[2], { type: 'Late Fee', item_id: '12', description: 'Late fee for invoice #12', taxed: '0', qty: '1' });
  t.equal(
    Math.round((Number(after.total) - Number(before.total)) * 100),
    Math.round(Number(after.items[2].amount) * 100),
    'the total grows by the fee',
  );
  await onDay(app, '2026-12-20');
  t.equal((await read(t, app, 'getInvoiceDetails', { id: '12' })).invoice.items.length, 3, 'never a second fee');
});

t.test('a percentage late fee as a separate invoice (the VPS 2GB product)', async (t) => {
  // Service 7 (VPS 2GB, client 5) is invoiced on 2026-12-06 for 2026-12-20; its product charges 10% after 3 days, separately.
  const app = await build(t);
  await onDay(app, '2026-12-22');
  const fees = (await automationLog(app)).entries.filter((e) => e.action === 'late_fee_added' && e.records.client_id === '5');
  t.strictSame(fees, []);
  await onDay(app, '2026-12-23');
  const [fee] = (await automationLog(app)).entries.filter((e) => e.action === 'late_fee_added' && e.records.client_id === '5');
  const renewal = (await read(t, app, 'getInvoiceDetails', { id: fee.records.late_invoice_id })).invoice;
  const separate = (await read(t, app, 'getInvoiceDetails', { id: fee.records.invoice_id })).invoice;
  t.match(separate, { status: 'Unpaid', date: '2026-12-23', duedate: '2026-12-23', currency_id: renewal.currency_id, taxrate: '0.00' });
  t.match(separate.items, [{ type: 'Late Fee', item_id: renewal.id, amount: (Math.round(Number(renewal.total) * 10) / 100).toFixed(2) }]);
  t.equal(renewal.items.length, 1, 'the renewal itself keeps its one line');
});

t.test('suspension suspend_days after an unpaid due date; a payment unsuspends and moves the due date', async (t) => {
  // Service 4 (Managed Backup, client 2) is billed by invoice 12, due 2026-11-24.
  const app = await build(t);
  await onDay(app, '2026-11-28');
  t.equal((await read(t, app, 'getAccountDetails', { id: '4' })).details.status, 'Active');
  t.match((await clock(app, { advanceDays: 1 })).automation.actions, { service_suspended: 1 });
  t.equal((await read(t, app, 'getAccountDetails', { id: '4' })).details.status, 'Suspended');
  const [entry] = (await automationLog(app)).entries.filter((e) => e.action === 'service_suspended');
  t.strictSame(entry, {
    id: entry.id,
    day: '2026-11-29',
    action: 'service_suspended',
    reason: 'invoice #12 unpaid 5 days past due',
    records: { client_id: '2', account_id: '4', invoice_id: '12' },
  });
  const { invoice } = await read(t, app, 'getInvoiceDetails', { id: '12' });
  const paid = await api(app, 'addInvoicePayment', { id: '12', amount: invoice.total, paymentmodule: '2', fee: '0', date: '2026-11-29' });
  t.equal(paid.success, true, JSON.stringify(paid.error));
  t.match((await read(t, app, 'getAccountDetails', { id: '4' })).details, { status: 'Active', next_due: '2026-12-24' });
  t.equal((await clock(app, { advanceDays: 5 })).automation.actions.service_suspended, undefined, 'paid: not suspended again');
});

t.test('termination terminate_days after the due date cancels the unpaid invoices with it', async (t) => {
  // Service 5 (client 3) is Suspended over invoice 3, due 2026-11-08.
  const app = await build(t);
  await onDay(app, '2026-12-07');
  t.equal((await read(t, app, 'getAccountDetails', { id: '5' })).details.status, 'Suspended');
  t.equal((await read(t, app, 'getInvoiceDetails', { id: '3' })).invoice.status, 'Unpaid');
  t.match((await clock(app, { advanceDays: 1 })).automation.actions, { service_terminated: 1, invoice_cancelled: 1 });
  t.equal((await read(t, app, 'getAccountDetails', { id: '5' })).details.status, 'Terminated');
  t.equal((await read(t, app, 'getInvoiceDetails', { id: '3' })).invoice.status, 'Cancelled');
});

t.test('an order left unpaid is cancelled cancel_unpaid_orders_days after it was placed', async (t) => {
  // Order 1018 (Grace Liu) was placed 2026-11-18 with invoice 8 unpaid.
  const app = await build(t);
  await onDay(app, '2026-12-01');
  t.equal((await read(t, app, 'getOrderDetails', { id: '1018' })).details.status, 'Pending');
  t.match((await clock(app, { advanceDays: 1 })).automation.actions, { order_cancelled: 1 });
  t.equal((await read(t, app, 'getOrderDetails', { id: '1018' })).details.status, 'Cancelled');
  t.equal((await read(t, app, 'getInvoiceDetails', { id: '8' })).invoice.status, 'Cancelled');
  t.equal((await read(t, app, 'getAccountDetails', { id: '10' })).details.status, 'Cancelled');
});
