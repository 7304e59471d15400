import { defineOperation } from './operation.js';
import { fail } from '../errors.js';
import type { AddAddonToAccountRequest, AddAddonToAccountResult } from '../generated/wire.js';

// PLACEHOLDER: replaced by the real operation.
export default defineOperation<AddAddonToAccountRequest, AddAddonToAccountResult>({
  mutates: true,
  run() {
    fail('addAddonToAccount is not implemented yet');
  },
});
