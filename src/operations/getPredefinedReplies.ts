import { defineOperation } from './operation.js';
import { fail } from '../errors.js';
import type { GetPredefinedRepliesRequest, GetPredefinedRepliesResult } from '../generated/wire.js';

// PLACEHOLDER: replaced by the real operation.
export default defineOperation<GetPredefinedRepliesRequest, GetPredefinedRepliesResult>({
  mutates: false,
  run() {
    fail('getPredefinedReplies is not implemented yet');
  },
});
