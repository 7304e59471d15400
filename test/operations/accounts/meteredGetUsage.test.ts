import t from 'tap';
import { api, assertSuccess, build } from '../../helpers/app.js';
import { read } from '../../helpers/reads.js';
import { refusals } from '../../helpers/refusals.js';
import { BUNDLED_STORAGE, BUNDLED_TRANSFER, STORAGE, TRANSFER } from '../../helpers/metered.js';

t.test("meteredGetUsage answers the period's usage keyed by variable id, with the published types", async (t) => {
  const app = await build(t);
  const body = await api(app, 'meteredGetUsage', { account_id: '17' });
  assertSuccess(t, body, 'meteredGetUsage');
  t.strictSame(Object.keys(body), ['success', 'variables', 'call', 'server_time']);
  t.strictSame(body.variables, {
    1: { ...STORAGE, usage: '120', charge: 6, values: [BUNDLED_STORAGE] },
    2: { ...TRANSFER, usage: '11', charge: 1.1, values: [BUNDLED_TRANSFER] },
  });
  const empty = (await read(t, app, 'meteredGetUsage', { account_id: '16' })).variables as Record<
    string,
    { usage: string; charge: number }
  >;
  t.strictSame([empty['1'].usage, empty['1'].charge, empty['2'].usage], ['0', 0, '0'], 'a service of the product with no usage yet');
});

refusals('meteredGetUsage and meteredGetVariables refusals', 'meteredGetUsage', [
  [{ account_id: '99' }, 'Account 99 not found'],
  [{ account_id: '2' }, "Account 2 has no metered billing: its product 8 has no metered variables (meteredGetVariables lists a product's)"],
  [{}, 'Parameter account_id is required'],
]);
