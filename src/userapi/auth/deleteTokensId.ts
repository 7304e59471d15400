import { callerOf, defineWrite } from '../route.js';
import { doorNotFound } from '../../errors.js';
import { revokeToken } from '../../domain/customerTokens.js';
import type { UserApiDeleteTokensIdAnswer, UserApiDeleteTokensIdInput } from '../../generated/wire.js';

export default defineWrite<UserApiDeleteTokensIdInput, UserApiDeleteTokensIdAnswer>({
  run({ id }, ctx) {
    const { person } = callerOf(ctx);
    const row = ctx.world.get('userapi_tokens', id);
    if (row?.type !== 'personal' || row.client_id !== person.id || row.revoked === '1') doorNotFound('Personal access token', id);
    revokeToken(ctx.world, row);
    return { info: [`Personal access token ${id} revoked`] };
  },
});
