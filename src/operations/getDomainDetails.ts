import { defineOperation } from './operation.js';
import { fail } from '../errors.js';
import type { GetDomainDetailsRequest, GetDomainDetailsResult } from '../generated/wire.js';

// PLACEHOLDER: replaced by the real operation.
export default defineOperation<GetDomainDetailsRequest, GetDomainDetailsResult>({
  mutates: false,
  run() {
    fail('getDomainDetails is not implemented yet');
  },
});
