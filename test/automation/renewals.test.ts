// Renewal invoices, with their boundary days: nothing the day before, one
// invoice on the day, nothing more when the day is passed again.
import t from 'tap';
import { api, build } from '../helpers/app.js';
import { clock, emails, onDay, read } from './support.js';

t.test("a service's renewal invoice appears on its invoice date, once, due on its due date", async (t) => {
  // Managed Backup for morgan-design.com (service 16): next_invoice 2026-11-25, next_due 2026-12-09.
  const app = await build(t);
  await onDay(app, '2026-11-24');
  t.strictSame(
    (await read(t, app, 'getClientInvoices', { id: '1' })).invoices.map((i: any) => i.id),
    ['11', '10', '1'],
    'the day before: nothing new',
  );

  const moved = await clock(app, { advanceDays: 1 });
  t.strictSame(moved.automation, { days: 1, actions: { invoice_created: 1, reminder_sent: 1 } }, 'and invoice 12 is a day overdue');
  const listed = (await read(t, app, 'getClientInvoices', { id: '1' })).invoices;
  t.strictSame(
    listed.map((i: any) => i.id),
    ['14', '11', '10', '1'],
    'the day itself: one invoice',
  );
  const { invoice } = await read(t, app, 'getInvoiceDetails', { id: '14' });
  t.match(invoice, {
    status: 'Unpaid',
    client_id: '1',
    date: '2026-11-25',
    duedate: '2026-12-09',
    subtotal: '6.00',
    currency_id: '0',
    items: [
      {
        type: 'Hosting',
        item_id: '16',
        description: 'Managed Backup - morgan-design.com (09/12/2026 - 08/01/2027)',
        amount: '6.00',
        qty: '1',
        linetotal: 6,
      },
    ],
  });
  const { details } = await read(t, app, 'getAccountDetails', { id: '16' });
  t.equal(details.next_due, '2026-12-09', 'the due date waits for the payment');
  t.equal(details.next_invoice, '2026-12-26', 'the next invoice date moves one period on, 14 days before 2027-01-09');
  t.match(
    (await emails(app)).find((e) => e.template === 'Invoice Created'),
    { template: 'Invoice Created', to: 'alice@morgan-design.com', related: { invoice_id: '14', account_id: '16' } },
  );

  // The same day passed again: back before midnight and forward.
  await clock(app, { now: '2026-11-24 23:00:00' });
  t.strictSame((await clock(app, { advanceSeconds: 7200 })).automation, { days: 0, actions: {} }, 'a day never runs twice');
  t.equal((await read(t, app, 'getClientInvoices', { id: '1' })).invoices.length, 4);
});

t.test('paying a renewal invoice moves the due date one period on; its next invoice follows', async (t) => {
  const app = await build(t);
  await onDay(app, '2026-11-25');
  const { total } = (await read(t, app, 'getInvoiceDetails', { id: '14' })).invoice;
  t.equal(total, '6.50', "6.00 and Texas' 8.25% tax");
  const paid = await api(app, 'addInvoicePayment', { id: '14', amount: total, paymentmodule: '2', fee: '0', date: '2026-11-25' });
  t.equal(paid.success, true, JSON.stringify(paid.error));
  t.equal((await read(t, app, 'getInvoiceDetails', { id: '14' })).invoice.status, 'Paid');
  const { details } = await read(t, app, 'getAccountDetails', { id: '16' });
  t.equal(details.next_due, '2027-01-09');
  t.equal(details.next_invoice, '2026-12-26');
  await clock(app, { now: '2026-12-25 08:00:00' });
  const before = (await read(t, app, 'getClientInvoices', { id: '1' })).invoices.length;
  await clock(app, { advanceDays: 1 });
  const [newest] = (await read(t, app, 'getClientInvoices', { id: '1' })).invoices;
  t.equal((await read(t, app, 'getClientInvoices', { id: '1' })).invoices.length, before + 1, 'one more on 2026-12-26');
  const { invoice } = await read(t, app, 'getInvoiceDetails', { id: newest.id });
  t.match(invoice, {
    date: '2026-12-26',
    duedate: '2027-01-09',
    items: [{ item_id: '16', description: 'Managed Backup - morgan-design.com (09/01/2027 - 08/02/2027)' }],
  });
});

t.test('an auto-renewing domain is invoiced its invoice_days before expiry; paying renews it at the registrar', async (t) => {
  // keller-maschinenbau.eu (domain 3) expires 2027-02-10; Bruno Keller holds 15.00 EUR credit, applied at once.
  const app = await build(t);
  await onDay(app, '2027-01-10');
  t.equal((await read(t, app, 'getDomainDetails', { id: '3' })).details.expires, '2027-02-10');
  const moved = await clock(app, { advanceDays: 1 });
  t.match(moved.automation.actions, { invoice_created: 1, credit_applied: 1 });
  const renewal = (await read(t, app, 'getClientInvoices', { id: '2' })).invoices[0];
  t.match(renewal, { date: '2027-01-11', duedate: '2027-02-10', status: 'Paid', total: '0.00', credit: '8.75' });
  const { details } = await read(t, app, 'getDomainDetails', { id: '3' });
  t.match(details, { status: 'Active', expires: '2028-02-10', next_due: '2028-02-10', next_invoice: '2028-01-11' });
  t.equal((await read(t, app, 'getClientDetails', { id: '2' })).client.credit, '6.25');
});

t.test('a domain that does not auto-renew expires on its expiry date, and is released after grace and redemption', async (t) => {
  const app = await build(t);
  await onDay(app, '2026-12-27');
  t.equal((await read(t, app, 'getDomainDetails', { id: '4' })).details.status, 'Active', 'evans-bakery.org the day before');
  t.match((await clock(app, { advanceDays: 1 })).automation.actions, { domain_expired: 1 });
  t.equal((await read(t, app, 'getDomainDetails', { id: '4' })).details.status, 'Expired');
  // nilsson-outdoor.com expired 2026-10-02: 30 grace days, then 30 redemption days to 2026-12-01.
  const late = await build(t);
  await onDay(late, '2026-12-01');
  t.equal((await read(t, late, 'getDomainDetails', { id: '7' })).details.status, 'Expired');
  t.match((await clock(late, { advanceDays: 1 })).automation.actions, { domain_released: 1 });
  t.equal((await read(t, late, 'getDomainDetails', { id: '7' })).details.status, 'Cancelled');
});

t.test("a transfer completes the day its registrar's transfer_days have passed", async (t) => {
  // kowalski-foto.net (domain 5) transfers through Enom, which takes 5 days.
  const app = await build(t);
  t.equal((await api(app, 'domainTransfer', { id: '5' })).success, true);
  await clock(app, { advanceDays: 4 });
  t.equal((await read(t, app, 'getDomainDetails', { id: '5' })).details.status, 'Pending Transfer');
  t.match((await clock(app, { advanceDays: 1 })).automation.actions, { transfer_completed: 1 });
  t.match((await read(t, app, 'getDomainDetails', { id: '5' })).details, { status: 'Active', expires: '2027-11-25' });
});
