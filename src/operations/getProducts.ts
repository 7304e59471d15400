import { defineOperation } from './operation.js';
import { fail } from '../errors.js';
import type { GetProductsRequest, GetProductsResult } from '../generated/wire.js';

// PLACEHOLDER: replaced by the real operation.
export default defineOperation<GetProductsRequest, GetProductsResult>({
  mutates: false,
  run() {
    fail('getProducts is not implemented yet');
  },
});
