import { defineOperation } from './operation.js';
import { fail } from '../errors.js';
import type { GetInvoiceDetailsRequest, GetInvoiceDetailsResult } from '../generated/wire.js';

// PLACEHOLDER: replaced by the real operation.
export default defineOperation<GetInvoiceDetailsRequest, GetInvoiceDetailsResult>({
  mutates: false,
  run() {
    fail('getInvoiceDetails is not implemented yet');
  },
});
