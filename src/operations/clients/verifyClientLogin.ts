import { defineOperation } from '../operation.js';
import { fail, messages } from '../../errors.js';
import { clientByEmail, mayLogIn } from '../../domain/clients.js';
import { NO_ACCOUNT_HASH, prepareVerify, verifyPassword } from '../../domain/password.js';
import type { VerifyClientLoginRequest, VerifyClientLoginResult } from '../../generated/wire.js';

export default defineOperation<VerifyClientLoginRequest, VerifyClientLoginResult>({
  mutates: false,
  prepare: ({ email, password }, world) => prepareVerify(password, clientByEmail(world, email)?.password ?? NO_ACCOUNT_HASH),
  run({ email, password }, { world }) {
    const record = clientByEmail(world, email);
    const matches = verifyPassword(password, record?.password ?? NO_ACCOUNT_HASH);
    // One answer for every failure, so it never tells whether the e-mail is known.
    if (!record || !matches || !mayLogIn(world, record)) fail(messages.loginInvalid());
    return { client_id: record.id, mfa_status: 0 };
  },
});
