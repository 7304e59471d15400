import { defineOperation } from './operation.js';
import { fail } from '../errors.js';
import type { AddClientContactRequest, AddClientContactResult } from '../generated/wire.js';

// PLACEHOLDER: replaced by the real operation.
export default defineOperation<AddClientContactRequest, AddClientContactResult>({
  mutates: true,
  run() {
    fail('addClientContact is not implemented yet');
  },
});
