import { issueTokens, type NewLogin } from '../../domain/customerTokens.js';
import type { UserApiTokens } from '../../generated/wire.js';
import type { RouteContext } from '../route.js';

export type { NewLogin };

/** The finish of every route that logs someone in: the login's tokens, signed after the login is saved. */
export function loginTokens(login: NewLogin, ctx: RouteContext): Promise<UserApiTokens> {
  return issueTokens(ctx.world, login, ctx.session, ctx.now);
}
