import { defineOperation } from '../operation.js';
import { fail, messages } from '../../errors.js';
import { MAIN_PARENT_ID, clientByEmail } from '../../domain/clients.js';
import { NO_ACCOUNT_HASH, prepareVerify, verifyPassword } from '../../domain/password.js';
import type { Client, VerifyClientLoginRequest, VerifyClientLoginResult } from '../../generated/wire.js';
import type { View } from '../../store/world.js';

/** Only an Active account logs in; a contact also needs its main client to be Active. */
function mayLogIn(world: View, record: Client): boolean {
  if (record.status !== 'Active') return false;
  return record.parent_id === MAIN_PARENT_ID || world.get('clients', record.parent_id)?.status === 'Active';
}

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
