import { callerOf, defineRead } from '../route.js';
import { DoorError, messages } from '../../errors.js';
import { personalTokensOf } from '../../domain/customerTokens.js';
import type { UserApiGetTokensAnswer, UserApiGetTokensInput, UserApiToken } from '../../generated/wire.js';

/** A personal token as the door lists it: never its secret. */
export function personalTokenView(row: UserApiToken) {
  return { id: row.id, name: row.name, created_at: row.created, expires_at: row.expires };
}

export default defineRead<UserApiGetTokensInput, UserApiGetTokensAnswer>({
  run(_input, ctx) {
    const caller = callerOf(ctx);
    if (caller.via === 'personal') throw new DoorError(403, messages.doorPersonalTokenRefused());
    return { tokens: personalTokensOf(ctx.world, caller.person.id, ctx.now).map(personalTokenView) };
  },
});
