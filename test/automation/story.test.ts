// The bundled world's sixty days, read back through the calls a front end
// uses: renewal invoices, a paid renewal moving a due date, reminders, late
// fees, a suspension, a payment that unsuspends, a termination, a domain
// expiring and one auto-renewed. The README walks through the same story.
import t from 'tap';
import { api, build } from '../helpers/app.js';
import { automationLog, clock, emails, read } from './support.js';

t.test('sixty days of the bundled world', async (t) => {
  const app = await build(t);
  const statusOf = async (id: string) => (await read(t, app, 'getAccountDetails', { id })).details.status;
  const pay = async (id: string, date: string) => {
    const { invoice } = await read(t, app, 'getInvoiceDetails', { id });
    const paid = await api(app, 'addInvoicePayment', { id, amount: invoice.total, paymentmodule: '2', fee: '0', date });
    t.equal(paid.success, true, `invoice ${id} paid: ${JSON.stringify(paid.error)}`);
  };

  // Days 1-5: renewal invoices for services 15 and 16, invoice 12 reminded before and after its due date.
  await clock(app, { advanceDays: 5 });
  const unpaid = (await read(t, app, 'getInvoices', { list: 'unpaid' })).invoices;
  t.strictSame(
    unpaid.map((i: any) => `${i.id} ${i.duedate}`),
    ['14 2026-12-09', '13 2026-12-02', '12 2026-11-24', '8 2026-11-25', '3 2026-11-08'],
  );
  t.match((await read(t, app, 'getInvoiceDetails', { id: '14' })).invoice.items, [{ type: 'Hosting', item_id: '16' }]);
  t.strictSame(
    (await emails(app)).filter((e) => e.related.invoice_id === '12').map((e) => e.template),
    ['Overdue Invoice Reminder', 'Unpaid Invoice Reminder'],
  );

  // Day 7 (2026-11-27): a late fee on invoice 12; Bruno Keller pays it on day 8 and his backup is paid to 2026-12-24.
  await clock(app, { advanceDays: 2 });
  t.match((await read(t, app, 'getInvoiceDetails', { id: '12' })).invoice.items[2], { type: 'Late Fee' });
  await clock(app, { advanceDays: 1 });
  await pay('12', '2026-11-28');
  t.match((await read(t, app, 'getAccountDetails', { id: '4' })).details, { status: 'Active', next_due: '2026-12-24' });

  // Day 18 (2026-12-08): service 5, suspended over invoice 3 since before the story, is terminated; invoice 3 cancelled.
  await clock(app, { advanceDays: 10 });
  t.equal(await statusOf('5'), 'Terminated');
  t.equal((await read(t, app, 'getInvoiceDetails', { id: '3' })).invoice.status, 'Cancelled');
  const evans = (await read(t, app, 'getClientAccounts', { id: '3' })).accounts;
  t.strictSame(
    evans.map((a: any) => `${a.id} ${a.status}`),
    ['5 Terminated'],
  );

  // Day 24 (2026-12-14): Alice's Managed Backup (service 16) is suspended, five days after invoice 14 fell due.
  await clock(app, { advanceDays: 6 });
  t.equal(await statusOf('16'), 'Suspended');
  // She pays the next day: the service is back, paid to 2027-01-09.
  await clock(app, { advanceDays: 1 });
  await pay('14', '2026-12-15');
  t.match((await read(t, app, 'getAccountDetails', { id: '16' })).details, { status: 'Active', next_due: '2027-01-09' });
  const alice = (await read(t, app, 'getClientAccounts', { id: '1' })).accounts;
  t.match(
    alice.find((a: any) => a.id === '16'),
    { status: 'Active' },
  );
  t.match(
    alice.find((a: any) => a.id === '1'),
    { status: 'Active' },
    'service 1 is not five days late yet',
  );

  // Day 38 (2026-12-28): evans-bakery.org, which does not auto-renew, expires.
  await clock(app, { advanceDays: 13 });
  t.equal((await read(t, app, 'getDomainDetails', { id: '4' })).details.status, 'Expired');

  // Day 52 (2027-01-11): keller-maschinenbau.eu's renewal is paid from Bruno Keller's credit and renewed for a year.
  await clock(app, { advanceDays: 14 });
  t.match((await read(t, app, 'getDomainDetails', { id: '3' })).details, { status: 'Active', expires: '2028-02-10' });

  // Day 60 (2027-01-19).
  await clock(app, { advanceDays: 8 });
  const transactions = (await read(t, app, 'getTransactions', {})).transactions;
  t.match(transactions.slice(0, 2), [
    { invoice_id: '14', date: '2026-12-15 12:00:00' },
    { invoice_id: '12', date: '2026-11-28 12:00:00' },
  ]);
  const log = await automationLog(app);
  const actions = new Set(log.entries.map((e) => e.action));
  for (const action of [
    'invoice_created',
    'credit_applied',
    'reminder_sent',
    'late_fee_added',
    'service_suspended',
    'service_terminated',
    'domain_expired',
    'domain_released',
    'order_cancelled',
  ]) {
    t.ok(actions.has(action as never), `the log shows ${action}`);
  }
  t.equal(log.last_run, '2027-01-19');
});
