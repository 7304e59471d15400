import { signingKey, signToken, ACCESS_SECONDS, claimsFor } from '../../domain/customerTokens.js';
import type { Client, UserApiKey, UserApiTokens } from '../../generated/wire.js';
import type { RouteContext } from '../route.js';

/** What a route that logs someone in leaves for its finish: the person, its login and refresh token. */
export interface NewLogin {
  person: Client;
  sid: string;
  refresh: string;
}

/** The access token of a new login, signed with the session's key, beside its refresh token. */
export async function loginTokens(login: NewLogin, ctx: RouteContext): Promise<UserApiTokens> {
  const key = signingKey(ctx.world) as UserApiKey;
  const { token } = await signToken(key, claimsFor(login.person, ctx.session, login.sid, 'access'), ctx.now, ACCESS_SECONDS);
  return { token, refresh: login.refresh };
}
