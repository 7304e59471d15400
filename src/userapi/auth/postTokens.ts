import { callerOf, defineWrite } from '../route.js';
import { DoorError, messages } from '../../errors.js';
import { NO_END, startPersonal } from '../../domain/customerTokens.js';
import type { UserApiPostTokensAnswer, UserApiPostTokensInput } from '../../generated/wire.js';
import { personalTokenView } from './getTokens.js';

export default defineWrite<UserApiPostTokensInput, UserApiPostTokensAnswer>({
  run({ name, expires_at }, ctx) {
    const caller = callerOf(ctx);
    if (caller.via === 'personal') throw new DoorError(403, messages.doorPersonalTokenRefused());
    // A date alone lasts through that day.
    const expires = expires_at === undefined ? NO_END : expires_at.length === 10 ? `${expires_at} 23:59:59` : expires_at;
    const { row, token } = startPersonal(ctx.world, caller.person, name, expires, ctx.session, ctx.now, caller.guest);
    const { id, created_at, expires_at: end } = personalTokenView(row);
    return { id, name, token, created_at, expires_at: end, info: [`Personal access token ${id} created: it is shown this once`] };
  },
});
