import { defineOperation } from './operation.js';
import { fail } from '../errors.js';
import type { GetNewsRequest, GetNewsResult } from '../generated/wire.js';

// PLACEHOLDER: replaced by the real operation.
export default defineOperation<GetNewsRequest, GetNewsResult>({
  mutates: false,
  run() {
    fail('getNews is not implemented yet');
  },
});
