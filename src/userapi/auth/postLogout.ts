import { callerOf, defineWrite } from '../route.js';
import { endAccess, revokeToken } from '../../domain/customerTokens.js';
import type { UserApiPostLogoutAnswer, UserApiPostLogoutInput } from '../../generated/wire.js';

export default defineWrite<UserApiPostLogoutInput, UserApiPostLogoutAnswer>({
  run(_input, ctx) {
    const caller = callerOf(ctx);
    const row = caller.tokenId === undefined ? undefined : ctx.world.get('userapi_tokens', caller.tokenId);
    if (!row) return { info: ['Nothing to end: HTTP Basic sends the password with every request'] };
    if (row.type === 'personal') {
      revokeToken(ctx.world, row);
      return { info: [`Personal access token ${row.id} revoked`] };
    }
    endAccess(ctx.world, row, caller.jti ?? '');
    return { info: ["Access token ended: the login's refresh token still works"] };
  },
});
