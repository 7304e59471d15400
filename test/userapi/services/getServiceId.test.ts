import t from 'tap';
import { build, storeJson } from '../../helpers/app.js';
import { accountDetails } from '../../helpers/reads.js';
import { ALICE, assertAnswer, assertRefused, door, login, TOM } from '../../helpers/door.js';
import { withoutPrivileges } from '../../helpers/services.js';

t.test('a client reads one of its services, with the values getAccountDetails shows', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const body = assertAnswer(t, await door(app, 'GET', '/service/2', {}, { token }), 'getServiceId');
  const admin = await accountDetails(t, app, '2');
  t.strictSame(body, {
    service: {
      id: '2',
      order_id: admin.order_id,
      product_id: '8',
      date_created: admin.date_created,
      domain: 'vps1.morgan-design.com',
      payment_module: admin.payment_module,
      firstpayment: admin.firstpayment,
      total: admin.total,
      billingcycle: 'Annually',
      billingtype: 'PrePay',
      next_due: '2027-06-02',
      due_day: '2',
      expires: '2027-06-02',
      next_invoice: '2027-05-19',
      status: 'Active',
      label: 'Client staging',
      username: admin.username,
      password: admin.password,
      currency_id: admin.currency_id,
      name: 'VPS 1GB',
      category: 'VPS Hosting',
      category_url: 'vps-hosting',
    },
  });
});

t.test("a contact without any privilege reads its client's service", async (t) => {
  const app = await build(t);
  await withoutPrivileges(t, app, '10');
  const token = await login(app, TOM);
  const body = assertAnswer(t, await door(app, 'GET', '/service/1', {}, { token }), 'getServiceId');
  t.match(body, { service: { id: '1', domain: 'morgan-design.com' } });
});

t.test("another client's service and a missing one answer alike, 404", async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  assertRefused(t, await door(app, 'GET', '/service/3', {}, { token }), 404, ['Service 3 not found']);
  assertRefused(t, await door(app, 'GET', '/service/999', {}, { token }), 404, ['Service 999 not found']);
});

t.test('a malformed id is refused with a message naming it, and nothing changes', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const before = await storeJson(app);
  const answer = await door(app, 'GET', '/service/abc', {}, { token });
  t.equal(answer.status, 200);
  t.match(answer.body, { error: [/id/] });
  t.equal((answer.body.error as string[]).length, 1);
  t.equal(await storeJson(app), before);
});
