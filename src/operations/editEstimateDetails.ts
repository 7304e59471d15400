import { defineOperation } from './operation.js';
import { fail } from '../errors.js';
import type { EditEstimateDetailsRequest, EditEstimateDetailsResult } from '../generated/wire.js';

// PLACEHOLDER: replaced by the real operation.
export default defineOperation<EditEstimateDetailsRequest, EditEstimateDetailsResult>({
  mutates: true,
  run() {
    fail('editEstimateDetails is not implemented yet');
  },
});
