import { defineOperation } from '../operation.js';
import { ipSearchRow, servicesAt } from '../../domain/serviceIps.js';
import type { SearchServiceByIPRequest, SearchServiceByIPResult } from '../../generated/wire.js';

export default defineOperation<SearchServiceByIPRequest, SearchServiceByIPResult>({
  mutates: false,
  // `source` is checked by the schema; billsim keeps one record of addresses, so every source reads it.
  run({ ip }, { world }) {
    return { services: servicesAt(world, ip).map((account) => ipSearchRow(world, account)) };
  },
});
