import { defineOperation } from './operation.js';
import { fail } from '../errors.js';
import type { GetClientAccountsRequest, GetClientAccountsResult } from '../generated/wire.js';

// PLACEHOLDER: replaced by the real operation.
export default defineOperation<GetClientAccountsRequest, GetClientAccountsResult>({
  mutates: false,
  run() {
    fail('getClientAccounts is not implemented yet');
  },
});
