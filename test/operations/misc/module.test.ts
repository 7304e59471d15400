import t from 'tap';
import qs from 'qs';
import { api, assertError, build, sameEverywhere, storeJson, SERVER_TIME } from '../../helpers/app.js';
import { refusals } from '../../helpers/refusals.js';
import module from '../../../src/operations/misc/module.js';

const CALL = 'module';
const notInstalled = (name: string, fn: string) =>
  `Module ${name} is not installed or not active here, so its function ${fn} cannot be called: billsim runs no third-party module; answer it your way with a stub (POST /__billsim/stubs with { "call": "module", "params": ${JSON.stringify({ module: name, fn })}, "answer": { ... } })`;

t.test('call=module answers every module as an installation without it does: the error envelope naming it', async (t) => {
  const app = await build(t);
  const body = await sameEverywhere(t, app, CALL, { module: 'phonenumbermng', fn: 'getAvailableNumbers' });
  t.strictSame(body, {
    success: false,
    call: CALL,
    server_time: SERVER_TIME,
    error: [notInstalled('phonenumbermng', 'getAvailableNumbers')],
  });
  t.equal(module.answer?.alwaysRefused, true, 'declared as always refused, so the docs show the error');
});

t.test("call=module takes the module function's own parameters and still changes nothing", async (t) => {
  const app = await build(t);
  const before = storeJson(app);
  // As a storefront posts it: a form with the module's own parameters.
  const form = qs.stringify({
    call: CALL,
    api_id: 'billsim',
    api_key: 'billsim-secret',
    module: 'billingcycle',
    fn: 'addIpamLogs',
    type: 'ip',
    item_id: '4158',
  });
  const response = await app.inject({
    method: 'POST',
    url: '/admin/api.php',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form,
  });
  assertError(t, response.json(), CALL, [notInstalled('billingcycle', 'addIpamLogs')]);
  t.equal(storeJson(app), before, 'nothing changed');
  assertError(t, await api(app, CALL, { module: 'dbc_integration', fn: 'getUnitsOfMeasure' }), CALL, [
    notInstalled('dbc_integration', 'getUnitsOfMeasure'),
  ]);
});

refusals('call=module parameter errors', CALL, [
  [{ fn: 'getAvailableNumbers' }, 'Parameter module is required'],
  [{ module: 'phonenumbermng' }, 'Parameter fn is required'],
  [{ module: '../etc', fn: 'x' }, 'Parameter module must be a module name such as phonenumbermng: letters, digits, _ . or -'],
  [{ module: 'phonenumbermng', fn: 'get-numbers' }, 'Parameter fn must be a function name such as getAvailableNumbers'],
]);
