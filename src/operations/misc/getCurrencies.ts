import { defineOperation } from '../operation.js';
import { fail } from '../../errors.js';
import { MAIN_CURRENCY_ID } from '../../domain/currencies.js';
import type { GetCurrenciesRequest, GetCurrenciesResult } from '../../generated/wire.js';

export default defineOperation<GetCurrenciesRequest, GetCurrenciesResult>({
  mutates: false,
  run(_params, { world }) {
    const main = world.get('currencies', MAIN_CURRENCY_ID);
    if (!main) fail('Main currency (id 0) is missing from the currencies collection');
    return {
      main: { code: main.code, iso: main.iso, sign: main.sign, id: 0, decimal: main.decimal, format: main.format, rate: 1 },
      currencies: world
        .all('currencies')
        .filter((c) => c.id !== MAIN_CURRENCY_ID)
        .map(({ id, code, sign, iso, rate, last_changes, update, enable, format }) => ({
          id,
          code,
          sign,
          iso,
          rate,
          last_changes,
          update,
          enable,
          format,
        })),
    };
  },
});
