import t from 'tap';
import { ENCODINGS, api, assertError, assertSuccess, build } from '../../helpers/app.js';
import { readEverywhere } from '../../helpers/reads.js';
import { operations } from '../../../src/operations/index.js';

const CALL = 'getAPIMethods';
const STOREFRONT = { api_id: 'storefront', api_key: 'storefront-secret' };

t.test('a key whose list is empty may run every call: getAPIMethods lists them all, alphabetically', async (t) => {
  const app = await build(t);
  const { methods } = (await readEverywhere(t, app, CALL, {})) as { methods: string[] };
  t.strictSame([...methods].sort(), Object.keys(operations).sort(), 'every simulated call, each once');
  t.strictSame(methods.slice(0, 3), ['accountCreate', 'accountModuleSSO', 'accountSuspend']);
  t.ok(methods.indexOf('getAddons') < methods.indexOf('getAPIMethods'), 'letter case aside: getAddons before getAPIMethods');
  t.ok(methods.indexOf('getAPIMethods') < methods.indexOf('getAppGroups'));
});

t.test('a key with a list gets its own list, as stored, each call once', async (t) => {
  const app = await build(t);
  for (const via of ENCODINGS) {
    const body = await api(app, CALL, {}, { via, credentials: STOREFRONT });
    t.strictSame(assertSuccess(t, body, CALL), {
      methods: [
        'getAPIMethods',
        'getOrderPages',
        'getProducts',
        'getProductDetails',
        'getAddonDetails',
        'getPaymentModules',
        'getCurrencies',
        'addClient',
        'addOrder',
      ],
    });
  }
  // The listed calls run with that key; any other is refused, as its answer promised.
  assertSuccess(t, await api(app, 'getAddonDetails', { id: '1' }, { credentials: STOREFRONT }), 'getAddonDetails');
  assertError(t, await api(app, 'getAddons', {}, { credentials: STOREFRONT }), 'getAddons', [
    'Access denied: call getAddons is not enabled for this API key',
  ]);
});

t.test('a list may name a call only a stub answers; a key without getAPIMethods in its list cannot ask', async (t) => {
  const app = await build(t);
  const { world } = app.billsim.sessions.get('keys');
  world.transaction(() => {
    world.replace('api_access', { ...world.get('api_access', '4')!, calls: ['getAPIMethods', 'getKBCategories'] });
  });
  const body = await api(app, CALL, {}, { session: 'keys', credentials: STOREFRONT });
  t.strictSame(assertSuccess(t, body, CALL), { methods: ['getAPIMethods', 'getKBCategories'] });
  assertError(t, await api(app, CALL, {}, { credentials: { api_id: 'readonly', api_key: 'readonly-secret' } }), CALL, [
    'Access denied: call getAPIMethods is not enabled for this API key',
  ]);
});
