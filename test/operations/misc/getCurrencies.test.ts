import t from 'tap';
import { api, assertSuccess, build } from '../../helpers/app.js';
import { idOrder } from '../../helpers/shapes.js';
import { readEverywhere } from '../../helpers/reads.js';

t.test('getCurrencies answers the main currency apart, with numeric id and rate', async (t) => {
  const app = await build(t);
  const result = await readEverywhere(t, app, 'getCurrencies', {});
  t.strictSame(result.main, { code: 'USD', iso: 'USD', sign: '$', id: 0, decimal: '2', format: '1,234.56', rate: 1 });
  const currencies = result.currencies as Record<string, unknown>[];
  idOrder(t, currencies, ['1', '2', '3'], 'the main currency is not repeated in the list');
  t.strictSame(currencies[0], {
    id: '1',
    code: 'EUR',
    sign: '€',
    iso: 'EUR',
    rate: '0.9215',
    last_changes: '2026-11-01 06:00:03',
    update: '1',
    enable: '1',
    format: '1.234,56',
  });
});

t.test('getCurrencies ignores a stray outputformat and unknown parameters', async (t) => {
  const app = await build(t);
  const body = await api(app, 'getCurrencies', { outputformat: 'json', whatever: 'x' });
  assertSuccess(t, body, 'getCurrencies');
});
