import { defineOperation } from '../operation.js';
import { PRODUCT_TYPES } from '../../domain/productTypes.js';
import type { GetProductTypesRequest, GetProductTypesResult } from '../../generated/wire.js';

export default defineOperation<GetProductTypesRequest, GetProductTypesResult>({
  mutates: false,
  run() {
    return { types: PRODUCT_TYPES.map((row) => ({ ...row })) };
  },
});
