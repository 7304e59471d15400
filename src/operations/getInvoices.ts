import { defineOperation } from './operation.js';
import { fail } from '../errors.js';
import type { GetInvoicesRequest, GetInvoicesResult } from '../generated/wire.js';

// PLACEHOLDER: replaced by the real operation.
export default defineOperation<GetInvoicesRequest, GetInvoicesResult>({
  mutates: false,
  run() {
    fail('getInvoices is not implemented yet');
  },
});
