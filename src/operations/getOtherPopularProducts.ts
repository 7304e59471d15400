import { defineOperation } from './operation.js';
import { fail } from '../errors.js';
import type { GetOtherPopularProductsRequest, GetOtherPopularProductsResult } from '../generated/wire.js';

// PLACEHOLDER: replaced by the real operation.
export default defineOperation<GetOtherPopularProductsRequest, GetOtherPopularProductsResult>({
  mutates: false,
  run() {
    fail('getOtherPopularProducts is not implemented yet');
  },
});
