import { defineOperation } from '../operation.js';
import { fail, messages } from '../../errors.js';
import { verifyPassword } from '../../domain/password.js';
import type { VerifyAdminLoginRequest, VerifyAdminLoginResult } from '../../generated/wire.js';

// The hash of a random password nobody kept: an unknown username is checked against it
// so it costs the same scrypt run as a known one and timing does not reveal usernames.
const DUMMY_HASH = 'scrypt$2cbd10119a615e93c622c46a3625b615$118135a975453c8a65e9659ffbe65b8f0036fcb0e212a05d3027cad24fa54a99';

export default defineOperation<VerifyAdminLoginRequest, VerifyAdminLoginResult>({
  mutates: false,
  run({ username, password }, { world }) {
    const admin = world.where('admins', 'username', username)[0];
    const matches = verifyPassword(password, admin?.password ?? DUMMY_HASH);
    // One answer for every failure, so it never tells which part was wrong.
    if (!admin || !matches || admin.status !== 'Active') fail(messages.loginInvalid());
    return { admin_id: admin.id };
  },
});
