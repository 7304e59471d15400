import { defineOperation } from './operation.js';
import { fail } from '../errors.js';
import type { GetClientDomainsRequest, GetClientDomainsResult } from '../generated/wire.js';

// PLACEHOLDER: replaced by the real operation.
export default defineOperation<GetClientDomainsRequest, GetClientDomainsResult>({
  mutates: false,
  run() {
    fail('getClientDomains is not implemented yet');
  },
});
