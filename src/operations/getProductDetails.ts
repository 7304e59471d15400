import { defineOperation } from './operation.js';
import { fail } from '../errors.js';
import type { GetProductDetailsRequest, GetProductDetailsResult } from '../generated/wire.js';

// PLACEHOLDER: replaced by the real operation.
export default defineOperation<GetProductDetailsRequest, GetProductDetailsResult>({
  mutates: false,
  run() {
    fail('getProductDetails is not implemented yet');
  },
});
