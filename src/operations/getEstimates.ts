import { defineOperation } from './operation.js';
import { fail } from '../errors.js';
import type { GetEstimatesRequest, GetEstimatesResult } from '../generated/wire.js';

// PLACEHOLDER: replaced by the real operation.
export default defineOperation<GetEstimatesRequest, GetEstimatesResult>({
  mutates: false,
  run() {
    fail('getEstimates is not implemented yet');
  },
});
