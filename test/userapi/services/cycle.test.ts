import t from 'tap';
import { build, storeJson } from '../../helpers/app.js';
import { accountDetails, read } from '../../helpers/reads.js';
import { ALICE, assertAnswer, assertRefused, door, login, TOM } from '../../helpers/door.js';
import { grant } from '../../helpers/services.js';

t.test("the cycles are the product's, priced as the service would cost on them", async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const body = assertAnswer(t, await door(app, 'GET', '/service/1/cycle', {}, { token }), 'getServiceIdCycle');
  t.strictSame(body, {
    cycles: [
      { id: 'm', name: 'Monthly', price: '8.95' },
      { id: 'q', name: 'Quarterly', price: '25.95' },
      { id: 's', name: 'Semi-Annually', price: '49.95' },
      { id: 'a', name: 'Annually', price: '95.40' },
      { id: 'b', name: 'Biennially', price: '179.00' },
    ],
    current: 'm',
  });
});

t.test('switching the cycle is an upgrade order the Admin API shows; one that costs nothing is applied at once', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const body = assertAnswer(t, await door(app, 'POST', '/service/1/cycle', { cycle: 'a' }, { token }), 'postServiceIdCycle');
  t.strictSame(body, { order_id: body.order_id, order_num: body.order_num, invoice_id: '0', info: ['Account #1 changes saved'] });
  const order = (await read(t, app, 'getOrderDetails', { id: body.order_id as string })).details as Record<string, unknown>;
  t.equal(order.number, body.order_num);
  t.match(order.upgrades, [
    {
      account_id: '1',
      old_product_id: '2',
      new_product_id: '2',
      old_cycle: 'Monthly',
      new_cycle: 'Annually',
      amount: '0.00',
      status: 'Upgraded',
    },
  ]);
  t.match(await accountDetails(t, app, '1'), { billingcycle: 'Annually', total: '95.40' });
  const cycles = assertAnswer(t, await door(app, 'GET', '/service/1/cycle', {}, { token }), 'getServiceIdCycle');
  t.equal(cycles.current, 'a');
});

t.test('a contact needs billing.orders to switch, none to read', async (t) => {
  const app = await build(t);
  const token = await login(app, TOM);
  assertAnswer(t, await door(app, 'GET', '/service/1/cycle', {}, { token }), 'getServiceIdCycle');
  const before = await storeJson(app);
  assertRefused(t, await door(app, 'POST', '/service/1/cycle', { cycle: 'a' }, { token }), 403, [
    'Contact 10 may not do this: it needs the privilege billing.orders (the client grants it with PUT /api/contact/10 or editContactPermissions)',
  ]);
  t.equal(await storeJson(app), before);
  await grant(t, app, '10', ['billing.orders']);
  assertAnswer(t, await door(app, 'POST', '/service/1/cycle', { cycle: 'q' }, { token }), 'postServiceIdCycle');
});

t.test("another client's service, a cycle not sold, the same cycle and bad input are refused and change nothing", async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const before = await storeJson(app);
  assertRefused(t, await door(app, 'GET', '/service/3/cycle', {}, { token }), 404, ['Service 3 not found']);
  assertRefused(t, await door(app, 'POST', '/service/3/cycle', { cycle: 'a' }, { token }), 404, ['Service 3 not found']);
  const notSold = await door(app, 'POST', '/service/1/cycle', { cycle: 't' }, { token });
  t.equal(notSold.status, 200);
  t.match(notSold.body, { error: [/t/] });
  const same = await door(app, 'POST', '/service/1/cycle', { cycle: 'm' }, { token });
  t.match(same.body, { error: [/Monthly/] });
  assertRefused(t, await door(app, 'POST', '/service/x/cycle', { cycle: 'yearly' }, { token }), 200, [
    'Parameter id must be a positive whole number id, such as 1',
    'Parameter cycle must be one of: h, d, w, m, q, s, a, b, t, p4, p5',
  ]);
  t.equal(await storeJson(app), before);
});
