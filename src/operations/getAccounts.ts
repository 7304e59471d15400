import { defineOperation } from './operation.js';
import { fail } from '../errors.js';
import type { GetAccountsRequest, GetAccountsResult } from '../generated/wire.js';

// PLACEHOLDER: replaced by the real operation.
export default defineOperation<GetAccountsRequest, GetAccountsResult>({
  mutates: false,
  run() {
    fail('getAccounts is not implemented yet');
  },
});
