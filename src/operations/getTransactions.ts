import { defineOperation } from './operation.js';
import { fail } from '../errors.js';
import type { GetTransactionsRequest, GetTransactionsResult } from '../generated/wire.js';

// PLACEHOLDER: replaced by the real operation.
export default defineOperation<GetTransactionsRequest, GetTransactionsResult>({
  mutates: false,
  run() {
    fail('getTransactions is not implemented yet');
  },
});
