import t from 'tap';
import { build, storeJson } from '../../helpers/app.js';
import { read } from '../../helpers/reads.js';
import { ALICE, assertAnswer, assertRefused, door, login, TOM } from '../../helpers/door.js';
import { withoutPrivileges } from '../../helpers/services.js';

t.test('an order number leads to the service the order made', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const order = (await read(t, app, 'getOrderDetails', { id: '1004' })).details as Record<string, string>;
  const body = assertAnswer(t, await door(app, 'GET', `/service/order/${order.number}`, {}, { token }), 'getServiceOrderOrderNum');
  t.strictSame(body, { account_id: '2' });
  t.equal(((await read(t, app, 'getAccountDetails', { id: '2' })).details as Record<string, string>).order_id, '1004');
});

t.test('a contact without any privilege finds its client’s service', async (t) => {
  const app = await build(t);
  await withoutPrivileges(t, app, '10');
  const token = await login(app, TOM);
  t.strictSame(assertAnswer(t, await door(app, 'GET', '/service/order/155973592', {}, { token }), 'getServiceOrderOrderNum'), {
    account_id: '1',
  });
});

t.test("another client's order, an unknown number and an order without a service answer 404", async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  // 156504573 is client 2's order 1012; 156166676 is Alice's order 1005, which made no service.
  assertRefused(t, await door(app, 'GET', '/service/order/156504573', {}, { token }), 404, ['Order 156504573 not found']);
  assertRefused(t, await door(app, 'GET', '/service/order/1', {}, { token }), 404, ['Order 1 not found']);
  assertRefused(t, await door(app, 'GET', '/service/order/156166676', {}, { token }), 404, ['Order 156166676 not found']);
});

t.test('a malformed number is refused and changes nothing', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const before = await storeJson(app);
  const answer = await door(app, 'GET', '/service/order/abc', {}, { token });
  t.equal(answer.status, 200);
  t.match(answer.body, { error: [/order_num/] });
  t.equal(await storeJson(app), before);
});
