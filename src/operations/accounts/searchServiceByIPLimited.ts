import { defineOperation } from '../operation.js';
import { ipSearchLimitedRow, servicesAt } from '../../domain/serviceIps.js';
import type { SearchServiceByIPLimitedRequest, SearchServiceByIPLimitedResult } from '../../generated/wire.js';

export default defineOperation<SearchServiceByIPLimitedRequest, SearchServiceByIPLimitedResult>({
  mutates: false,
  // `source` is checked by the schema; billsim keeps one record of addresses, so every source reads it.
  run({ ip }, { world }) {
    return { services: servicesAt(world, ip).map((account) => ipSearchLimitedRow(world, account)) };
  },
});
