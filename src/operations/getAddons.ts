import { defineOperation } from './operation.js';
import { fail } from '../errors.js';
import type { GetAddonsRequest, GetAddonsResult } from '../generated/wire.js';

// PLACEHOLDER: replaced by the real operation.
export default defineOperation<GetAddonsRequest, GetAddonsResult>({
  mutates: false,
  run() {
    fail('getAddons is not implemented yet');
  },
});
