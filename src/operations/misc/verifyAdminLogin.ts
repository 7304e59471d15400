import { defineOperation } from '../operation.js';
import { fail, messages } from '../../errors.js';
import { NO_ACCOUNT_HASH, prepareVerify, verifyPassword } from '../../domain/password.js';
import type { VerifyAdminLoginRequest, VerifyAdminLoginResult } from '../../generated/wire.js';
import type { View } from '../../store/world.js';

const adminNamed = (world: View, username: string) => world.where('admins', 'username', username)[0];

export default defineOperation<VerifyAdminLoginRequest, VerifyAdminLoginResult>({
  mutates: false,
  prepare: ({ username, password }, world) => prepareVerify(password, adminNamed(world, username)?.password ?? NO_ACCOUNT_HASH),
  run({ username, password }, { world }) {
    const admin = adminNamed(world, username);
    const matches = verifyPassword(password, admin?.password ?? NO_ACCOUNT_HASH);
    // One answer for every failure, so it never tells which part was wrong.
    if (!admin || !matches || admin.status !== 'Active') fail(messages.loginInvalid());
    return { admin_id: admin.id };
  },
});
