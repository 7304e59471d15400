import { defineOperation } from './operation.js';
import { fail } from '../errors.js';
import type { TokenizeClientCardRequest, TokenizeClientCardResult } from '../generated/wire.js';

// PLACEHOLDER: replaced by the real operation.
export default defineOperation<TokenizeClientCardRequest, TokenizeClientCardResult>({
  mutates: true,
  run() {
    fail('tokenizeClientCard is not implemented yet');
  },
});
