import { defineWrite } from '../route.js';
import { ApiError, DoorError, messages } from '../../errors.js';
import { hashSecret, revokeToken } from '../../domain/customerTokens.js';
import type { UserApiPostRevokeAnswer, UserApiPostRevokeInput } from '../../generated/wire.js';

export default defineWrite<UserApiPostRevokeInput, UserApiPostRevokeAnswer>({
  run({ refresh_token }, { world, caller }) {
    if (refresh_token !== undefined) {
      // A refresh token past its end still names its login: revoking it is allowed.
      const login = world.where('userapi_tokens', 'secret', hashSecret(refresh_token)).find((row) => row.type === 'login');
      if (!login || login.revoked === '1') throw new DoorError(401, messages.doorUnauthorized());
      revokeToken(world, login);
      return { info: [`Login ${login.id} revoked: its access and refresh tokens no longer work`] };
    }
    const row = caller?.tokenId === undefined ? undefined : world.get('userapi_tokens', caller.tokenId);
    if (!row) throw new ApiError(messages.doorRevokeWhat());
    revokeToken(world, row);
    return {
      info: [
        row.type === 'login'
          ? `Login ${row.id} revoked: its access and refresh tokens no longer work`
          : `Personal access token ${row.id} revoked`,
      ],
    };
  },
});
