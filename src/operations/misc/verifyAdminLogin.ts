import { defineOperation } from '../operation.js';
import { fail, messages } from '../../errors.js';
import { NO_ACCOUNT_HASH, verifyPassword } from '../../domain/password.js';
import type { VerifyAdminLoginRequest, VerifyAdminLoginResult } from '../../generated/wire.js';

export default defineOperation<VerifyAdminLoginRequest, VerifyAdminLoginResult>({
  mutates: false,
  run({ username, password }, { world }) {
    const admin = world.where('admins', 'username', username)[0];
    const matches = verifyPassword(password, admin?.password ?? NO_ACCOUNT_HASH);
    // One answer for every failure, so it never tells which part was wrong.
    if (!admin || !matches || admin.status !== 'Active') fail(messages.loginInvalid());
    return { admin_id: admin.id };
  },
});
