// The clock's last day, 9999-12-31, with the daily automation on: a move onto
// it answers and the server answers after it (the day after it once formatted
// as "+010000-01", which sorted before it and made the catch-up run forever),
// and a rule that moves a date past it writes that day.
import t from 'tap';
import { api as call, build, CREDENTIALS } from '../helpers/app.js';
import { automationLog, clock } from './support.js';

t.test('a move onto 9999-12-31 runs its days and the session answers afterwards', async (t) => {
  const app = await build(t);
  const onto = await clock(app, { now: '9999-12-31 00:00:00' });
  t.equal(onto.now, '9999-12-31 00:00:00');
  t.equal(onto.automation.days, 36_526, 'the last day and the century before it, the most one move runs');
  t.equal((await automationLog(app)).last_run, '9999-12-31');
  const after = await app.inject({
    url: `/admin/api.php?call=getClientDetails&id=1&api_id=${CREDENTIALS.api_id}&api_key=${CREDENTIALS.api_key}`,
  });
  t.equal(after.json().success, true);
  t.equal(after.json().server_time, Date.UTC(9999, 11, 31) / 1000);
  t.strictSame((await clock(app, { advanceSeconds: 3600 })).automation, { days: 0, actions: {} }, 'no day runs twice');
});

t.test('advanceDays onto the last day runs it once; a day more is refused and changes nothing', async (t) => {
  const app = await build(t);
  await clock(app, { now: '9999-12-30 12:00:00' });
  const onto = await clock(app, { advanceDays: 1 });
  t.strictSame([onto.now, onto.automation.days], ['9999-12-31 12:00:00', 1]);
  const refused = await app.inject({ method: 'POST', url: '/__billsim/clock', payload: { advanceDays: 1 } });
  t.equal(refused.statusCode, 400);
  t.match(refused.json().error, /advanceDays must keep the clock from 1970-01-01 00:00:00 to 9999-12-31 23:59:59/);
  t.equal((await app.inject({ url: '/__billsim/clock' })).json().now, '9999-12-31 12:00:00');
});

t.test('a running clock passing the last midnight runs that day once and stops at its last second', async (t) => {
  let real = Date.UTC(2030, 0, 1);
  const app = await build(t, { now: undefined, realNow: () => real });
  await clock(app, { now: '9999-12-30 23:59:59', frozen: false });
  real += 2000;
  const read = await call(app, 'getCurrencies');
  t.equal(read.server_time, Date.UTC(9999, 11, 31, 0, 0, 1) / 1000, 'past midnight');
  t.equal((await automationLog(app)).last_run, '9999-12-31');
  real += 3 * 86_400_000;
  const later = await app.inject({ url: '/__billsim/clock' });
  t.strictSame([later.json().now, later.json().frozen], ['9999-12-31 23:59:59', false], 'the clock stands at the end');
  t.equal((await call(app, 'getCurrencies')).success, true, 'and the session still answers');
});

t.test('a renewal paid on the last day moves the service to 9999-12-31, not past it', async (t) => {
  const app = await build(t);
  await clock(app, { now: '9999-12-01 12:00:00' });
  const ok = await call(app, 'editAccountDetails', { id: '1', next_due: '9999-12-20', status: 'Active' });
  t.equal(ok.success, true);
  await clock(app, { advanceDays: 30 });
  const invoices = (await call(app, 'getInvoices', { list: 'all' })).invoices as Array<Record<string, string>>;
  const renewal = invoices.find((invoice) => invoice.client_id === '1' && invoice.duedate === '9999-12-20');
  t.ok(renewal, 'the renewal invoice due 9999-12-20');
  const paid = await call(app, 'addInvoicePayment', {
    id: renewal!.id,
    amount: renewal!.total,
    paymentmodule: '2',
    fee: '0',
    date: '9999-12-31',
  });
  t.equal(paid.success, true);
  const details = (await call(app, 'getAccountDetails', { id: '1' })).details as Record<string, string>;
  t.strictSame([details.next_due, details.expires], ['9999-12-31', '9999-12-31']);
});
