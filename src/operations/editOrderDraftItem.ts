import { defineOperation } from './operation.js';
import { fail } from '../errors.js';
import type { EditOrderDraftItemRequest, EditOrderDraftItemResult } from '../generated/wire.js';

// PLACEHOLDER: replaced by the real operation.
export default defineOperation<EditOrderDraftItemRequest, EditOrderDraftItemResult>({
  mutates: true,
  run() {
    fail('editOrderDraftItem is not implemented yet');
  },
});
