import { callerOf, defineWrite } from '../route.js';
import { ApiError, messages } from '../../errors.js';
import { codeMatches, secondFactor, startLogin } from '../../domain/customerTokens.js';
import { clientLoggedIn } from '../../domain/events.js';
import type { UserApiPostMfaVerifyInput, UserApiTokens } from '../../generated/wire.js';
import { loginTokens, type NewLogin } from './tokens.js';

export default defineWrite<UserApiPostMfaVerifyInput, NewLogin, UserApiTokens>({
  run({ payload }, ctx) {
    const { world, now, session } = ctx;
    const { person, guest } = callerOf(ctx);
    const factor = secondFactor(world, person.id);
    if (!factor) throw new ApiError(messages.doorMfaNotPending());
    if (!codeMatches(factor, payload.code, now)) throw new ApiError(messages.doorWrongCode());
    const { row, refresh } = startLogin(world, person, session, now, guest);
    clientLoggedIn(world, person.id);
    return { person, guest, sid: row.id, refresh };
  },
  async finish(login, ctx) {
    return { ...(await loginTokens(login, ctx)), mfa: null };
  },
});
