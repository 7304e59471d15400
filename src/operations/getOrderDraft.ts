import { defineOperation } from './operation.js';
import { fail } from '../errors.js';
import type { GetOrderDraftRequest, GetOrderDraftResult } from '../generated/wire.js';

// PLACEHOLDER: replaced by the real operation.
export default defineOperation<GetOrderDraftRequest, GetOrderDraftResult>({
  mutates: false,
  run() {
    fail('getOrderDraft is not implemented yet');
  },
});
