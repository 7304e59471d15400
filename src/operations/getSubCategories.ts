import { defineOperation } from './operation.js';
import { fail } from '../errors.js';
import type { GetSubCategoriesRequest, GetSubCategoriesResult } from '../generated/wire.js';

// PLACEHOLDER: replaced by the real operation.
export default defineOperation<GetSubCategoriesRequest, GetSubCategoriesResult>({
  mutates: false,
  run() {
    fail('getSubCategories is not implemented yet');
  },
});
