import { defineOperation } from './operation.js';
import { fail } from '../errors.js';
import type { RemoveOrderDraftItemRequest, RemoveOrderDraftItemResult } from '../generated/wire.js';

// PLACEHOLDER: replaced by the real operation.
export default defineOperation<RemoveOrderDraftItemRequest, RemoveOrderDraftItemResult>({
  mutates: true,
  run() {
    fail('removeOrderDraftItem is not implemented yet');
  },
});
