import t from 'tap';
import { api, assertSuccess, build } from '../../helpers/app.js';
import { ALICE, assertAnswer, assertRefused, door, login, TOM } from '../../helpers/door.js';
import { grant } from '../../helpers/userBilling.js';

t.test("the gateways a client may pay with are the Admin API's payment modules, names by id", async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const body = assertAnswer(t, await door(app, 'GET', '/payment', {}, { token }), 'getPayment');
  const admin = assertSuccess(t, await api(app, 'getPaymentModules'), 'getPaymentModules');
  t.strictSame(body, { payments: admin.modules });
  t.strictSame(
    body,
    { payments: { '1': 'PayPal', '2': 'Stripe', '3': 'Bank Transfer', '4': 'Authorize.net CC' } },
    'the disabled Mollie is left out',
  );
});

t.test('a contact with no privilege at all still reads them: paying needs no more', async (t) => {
  const app = await build(t);
  await grant(app, '10', {});
  const token = await login(app, TOM);
  t.strictSame(assertAnswer(t, await door(app, 'GET', '/payment', {}, { token }), 'getPayment'), {
    payments: { '1': 'PayPal', '2': 'Stripe', '3': 'Bank Transfer', '4': 'Authorize.net CC' },
  });
});

t.test('without a login they are refused with 401', async (t) => {
  const app = await build(t);
  assertRefused(t, await door(app, 'GET', '/payment'), 401, ['unauthorized']);
});
