import { defineOperation } from './operation.js';
import { fail } from '../errors.js';
import type { GetClientsRequest, GetClientsResult } from '../generated/wire.js';

// PLACEHOLDER: replaced by the real operation.
export default defineOperation<GetClientsRequest, GetClientsResult>({
  mutates: false,
  run() {
    fail('getClients is not implemented yet');
  },
});
