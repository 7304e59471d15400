import { defineOperation } from './operation.js';
import { fail } from '../errors.js';
import type { GetHostBillversionRequest, GetHostBillversionResult } from '../generated/wire.js';

// PLACEHOLDER: replaced by the real operation.
export default defineOperation<GetHostBillversionRequest, GetHostBillversionResult>({
  mutates: false,
  run() {
    fail('getHostBillversion is not implemented yet');
  },
});
