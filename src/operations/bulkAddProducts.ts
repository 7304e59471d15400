import { defineOperation } from './operation.js';
import { fail } from '../errors.js';
import type { BulkAddProductsRequest, BulkAddProductsResult } from '../generated/wire.js';

// PLACEHOLDER: replaced by the real operation.
export default defineOperation<BulkAddProductsRequest, BulkAddProductsResult>({
  mutates: true,
  run() {
    fail('bulkAddProducts is not implemented yet');
  },
});
