import { defineOperation } from './operation.js';
import { fail } from '../errors.js';
import type { GetEstimateDetailsRequest, GetEstimateDetailsResult } from '../generated/wire.js';

// PLACEHOLDER: replaced by the real operation.
export default defineOperation<GetEstimateDetailsRequest, GetEstimateDetailsResult>({
  mutates: false,
  run() {
    fail('getEstimateDetails is not implemented yet');
  },
});
