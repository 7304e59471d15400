import t from 'tap';
import { api, assertSuccess, build } from '../../helpers/app.js';
import { ALICE, assertAnswer, assertRefused, door, login, TOM } from '../../helpers/door.js';
import { grant } from '../../helpers/userBilling.js';

const NO_FEES = { fixed_fee: '0.00', percent_fee: '0' };

t.test('the same gateways with their fees: the gateway records keep none', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const body = assertAnswer(t, await door(app, 'GET', '/payment/fees', {}, { token }), 'getPaymentFees');
  t.strictSame(body, {
    payments: {
      '1': { id: '1', name: 'PayPal', ...NO_FEES },
      '2': { id: '2', name: 'Stripe', ...NO_FEES },
      '3': { id: '3', name: 'Bank Transfer', ...NO_FEES },
      '4': { id: '4', name: 'Authorize.net CC', ...NO_FEES },
    },
  });
  const admin = assertSuccess(t, await api(app, 'getPaymentModules'), 'getPaymentModules').modules as Record<string, string>;
  t.strictSame(Object.keys(body.payments as object), Object.keys(admin), 'the gateways getPaymentModules lists');
});

t.test('a contact with no privilege at all still reads them', async (t) => {
  const app = await build(t);
  await grant(app, '10', {});
  const token = await login(app, TOM);
  const body = assertAnswer(t, await door(app, 'GET', '/payment/fees', {}, { token }), 'getPaymentFees');
  t.strictSame(Object.keys(body.payments as object), ['1', '2', '3', '4']);
});

t.test('without a login they are refused with 401', async (t) => {
  const app = await build(t);
  assertRefused(t, await door(app, 'GET', '/payment/fees'), 401, ['unauthorized']);
});
