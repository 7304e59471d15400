import { defineOperation } from './operation.js';
import { fail } from '../errors.js';
import type { GetOrderPagesRequest, GetOrderPagesResult } from '../generated/wire.js';

// PLACEHOLDER: replaced by the real operation.
export default defineOperation<GetOrderPagesRequest, GetOrderPagesResult>({
  mutates: false,
  run() {
    fail('getOrderPages is not implemented yet');
  },
});
