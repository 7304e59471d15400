import { defineOperation } from './operation.js';
import { fail } from '../errors.js';
import type { GetAccountDetailsRequest, GetAccountDetailsResult } from '../generated/wire.js';

// PLACEHOLDER: replaced by the real operation.
export default defineOperation<GetAccountDetailsRequest, GetAccountDetailsResult>({
  mutates: false,
  run() {
    fail('getAccountDetails is not implemented yet');
  },
});
