import t from 'tap';
import { api, assertSuccess, build } from '../../helpers/app.js';
import { readEverywhere } from '../../helpers/reads.js';
import { refusals } from '../../helpers/refusals.js';
import { price, STORAGE, TRANSFER } from '../../helpers/metered.js';

t.test("meteredGetVariables lists a product's variables with their brackets, as published", async (t) => {
  const app = await build(t);
  const body = await api(app, 'meteredGetVariables', { product_id: '17' });
  assertSuccess(t, body, 'meteredGetVariables');
  t.strictSame(Object.keys(body), ['success', 'variables', 'call', 'server_time']);
  t.strictSame(body.variables, [
    {
      ...STORAGE,
      prices: [price('1', '1', '0', '50', '0.0000'), price('2', '1', '50', '200', '0.0500'), price('3', '1', '200', '0', '0.0400')],
    },
    {
      ...TRANSFER,
      prices: [price('4', '2', '0', '10', '0.0000'), price('5', '2', '10', '50', '0.1000'), price('6', '2', '50', '0', '0.2000')],
    },
  ]);
  t.strictSame(
    await readEverywhere(t, app, 'meteredGetVariables', { product_id: '1' }),
    { variables: [] },
    'no metered billing: an empty list',
  );
});

refusals('meteredGetVariables refusals', 'meteredGetVariables', [
  [{ product_id: '99' }, 'Product 99 not found'],
  [{ product_id: 'x' }, 'Parameter product_id must be a positive whole number id, such as 1'],
]);
