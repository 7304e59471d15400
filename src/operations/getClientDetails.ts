import { defineOperation } from './operation.js';
import { fail } from '../errors.js';
import type { GetClientDetailsRequest, GetClientDetailsResult } from '../generated/wire.js';

// PLACEHOLDER: replaced by the real operation.
export default defineOperation<GetClientDetailsRequest, GetClientDetailsResult>({
  mutates: false,
  run() {
    fail('getClientDetails is not implemented yet');
  },
});
