import { defineOperation } from './operation.js';
import { fail } from '../errors.js';
import type { GetClientContactsRequest, GetClientContactsResult } from '../generated/wire.js';

// PLACEHOLDER: replaced by the real operation.
export default defineOperation<GetClientContactsRequest, GetClientContactsResult>({
  mutates: false,
  run() {
    fail('getClientContacts is not implemented yet');
  },
});
