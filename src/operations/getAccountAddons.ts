import { defineOperation } from './operation.js';
import { fail } from '../errors.js';
import type { GetAccountAddonsRequest, GetAccountAddonsResult } from '../generated/wire.js';

// PLACEHOLDER: replaced by the real operation.
export default defineOperation<GetAccountAddonsRequest, GetAccountAddonsResult>({
  mutates: false,
  run() {
    fail('getAccountAddons is not implemented yet');
  },
});
