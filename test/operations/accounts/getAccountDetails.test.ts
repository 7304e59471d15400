import t from 'tap';
import { assertSuccess, build, sameEverywhere } from '../../helpers/app.js';
import { ON_BUSINESS_HOSTING } from '../../helpers/records.js';
import { clientDetails, accountDetails } from '../../helpers/reads.js';
import { idRefusals, refusals } from '../../helpers/refusals.js';

t.test("getAccountDetails answers one account in the published order, with the service password and never the client's", async (t) => {
  const app = await build(t);
  const body = await sameEverywhere(t, app, 'getAccountDetails', { id: '1' });
  const result = assertSuccess(t, body, 'getAccountDetails');
  t.strictSame(result, {
    details: {
      id: '1',
      client_id: '1',
      order_id: '1001',
      product_id: '2',
      parent_id: '0',
      date_created: '2025-03-14',
      domain: 'morgan-design.com',
      server_id: '2',
      payment_module: '2',
      firstpayment: '8.95',
      total: '8.95',
      billingcycle: 'Monthly',
      billingtype: 'PrePay',
      next_due: '2026-12-14',
      due_day: '14',
      expires: '2026-12-14',
      autorenew: '1',
      next_invoice: '2026-11-30',
      status: 'Active',
      label: '',
      username: 'morgande',
      password: 'iCbJF7PTuzRi',
      ...ON_BUSINESS_HOSTING,
    },
  });
  const client = await clientDetails(t, app, '1');
  t.notOk('password' in client, "the client's own login hash is not in client details");
  t.notOk(JSON.stringify(body).includes('scrypt$'), "no trace of the client's login password in the service details");
});

t.test('getAccountDetails: due_day has no leading zero; stored notes and labels come through', async (t) => {
  const app = await build(t);
  const five = await accountDetails(t, app, '5');
  t.strictSame(
    [five.next_due, five.due_day, five.status, five.currency_id, five.name],
    ['2026-11-08', '8', 'Suspended', '2', 'EU Starter'],
  );
  t.equal(five.notes, 'Suspended 2026-11-16 for the overdue invoice #3.');
  const two = await accountDetails(t, app, '2');
  t.strictSame([two.label, two.username, two.name], ['Client staging', 'root', 'VPS 1GB']);
});

refusals('getAccountDetails refuses a missing, malformed or unknown id', 'getAccountDetails', idRefusals('Account', 'abc'));
