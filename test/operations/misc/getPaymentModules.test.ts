import t from 'tap';
import { api, assertSuccess, build, sameEverywhere, SERVER_TIME } from '../../helpers/app.js';

const CALL = 'getPaymentModules';

t.test('getPaymentModules answers the enabled gateways as an object keyed by id', async (t) => {
  const app = await build(t);
  const body = await sameEverywhere(t, app, CALL, {});
  assertSuccess(t, body, CALL);
  t.strictSame(body, {
    success: true,
    modules: { '1': 'PayPal', '2': 'Stripe', '3': 'Bank Transfer', '4': 'Authorize.net CC' },
    call: CALL,
    server_time: SERVER_TIME,
  });
  t.strictSame(Object.keys(body), ['success', 'modules', 'call', 'server_time'], 'keys in the published order');
  t.notOk(Array.isArray(body.modules), 'an object, not a list');
  t.notOk('5' in (body.modules as object), 'gateway 5 (Mollie) is disabled, so it is left out');
});

t.test('getPaymentModules follows the gateways of the world, ids in ascending order', async (t) => {
  const app = await build(t);
  const { world } = app.billsim.sessions.get('default');
  await world.mutate(() => {
    world.replace('gateways', { ...world.get('gateways', '5')!, enabled: '1' });
    world.replace('gateways', { ...world.get('gateways', '1')!, enabled: '0' });
    world.insert('gateways', { id: '12', name: 'iDEAL', module: 'class.ideal.php', enabled: '1' });
  });
  const result = assertSuccess(t, await api(app, CALL, {}), CALL);
  t.strictSame(result.modules, { '2': 'Stripe', '3': 'Bank Transfer', '4': 'Authorize.net CC', '5': 'Mollie', '12': 'iDEAL' });
  t.strictSame(Object.keys(result.modules as object), ['2', '3', '4', '5', '12'], 'numeric order, not text order');
});

t.test('with no enabled gateway, modules is an empty list, as PHP encodes an empty array', async (t) => {
  const app = await build(t);
  const { world } = app.billsim.sessions.get('default');
  await world.mutate(() => {
    for (const gateway of world.all('gateways')) world.replace('gateways', { ...gateway, enabled: '0' });
  });
  const body = await api(app, CALL, {});
  assertSuccess(t, body, CALL);
  t.strictSame(body.modules, []);
});

t.test('getPaymentModules ignores unknown parameters', async (t) => {
  const app = await build(t);
  const result = assertSuccess(t, await api(app, CALL, { id: '1', whatever: 'x' }), CALL);
  t.equal(Object.keys(result.modules as object).length, 4);
});
