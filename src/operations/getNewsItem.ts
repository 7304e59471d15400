import { defineOperation } from './operation.js';
import { fail } from '../errors.js';
import type { GetNewsItemRequest, GetNewsItemResult } from '../generated/wire.js';

// PLACEHOLDER: replaced by the real operation.
export default defineOperation<GetNewsItemRequest, GetNewsItemResult>({
  mutates: false,
  run() {
    fail('getNewsItem is not implemented yet');
  },
});
