import { defineOperation } from './operation.js';
import { fail } from '../errors.js';
import type { VerifyAdminLoginRequest, VerifyAdminLoginResult } from '../generated/wire.js';

// PLACEHOLDER: replaced by the real operation.
export default defineOperation<VerifyAdminLoginRequest, VerifyAdminLoginResult>({
  mutates: false,
  run() {
    fail('verifyAdminLogin is not implemented yet');
  },
});
