import type { IncomingHttpHeaders } from 'node:http';
import { DoorError, messages } from '../errors.js';
import { clientByEmail, mayLogIn } from '../domain/clients.js';
import { standingGrant } from '../domain/guests.js';
import { NO_ACCOUNT_HASH, prepareVerify, verifyPassword } from '../domain/password.js';
import {
  type AccessClaims,
  accessStands,
  isPersonalToken,
  knownToken,
  mainClientOf,
  personalToken,
  readToken,
  sessionOfJwt,
  sessionOfSecret,
  signingKey,
  type TokenRefusal,
} from '../domain/customerTokens.js';
import { DEFAULT_SESSION, isValidSessionName } from '../session/sessions.js';
import type { View } from '../store/world.js';
import type { Caller } from '../userapi/route.js';
import type { UserApiAuth } from '../schemas.js';
import { SESSION_HEADER } from './endpoint.js';

// Who a request of the customer's door stands for. A token names the session it
// was made in (a JWT's `session` claim, the prefix of a refresh or personal
// token), so a client needs no session header once logged in; Basic and a login
// use the header's session, or the default one.

/** How a request proves who it is, read from its Authorization header. */
export type Credentials =
  | { kind: 'bearer'; token: string; personal: boolean }
  | { kind: 'basic'; email: string; password: string }
  | { kind: 'none' };

export function credentialsOf(headers: IncomingHttpHeaders): Credentials {
  const header = headers.authorization;
  if (typeof header !== 'string') return { kind: 'none' };
  const [scheme, value = ''] = header.trim().split(/\s+/, 2);
  if (/^bearer$/i.test(scheme) && value) return { kind: 'bearer', token: value, personal: isPersonalToken(value) };
  if (/^basic$/i.test(scheme) && value) {
    const decoded = Buffer.from(value, 'base64').toString();
    const colon = decoded.indexOf(':');
    if (colon > 0) return { kind: 'basic', email: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
  }
  return { kind: 'none' };
}

/**
 * The session a request enters: the one its token names, else the header's
 * (or the default). A refresh token sent as `refresh_token` names its session
 * too. A token of one session sent with another session's header is refused.
 */
export function doorSession(headers: IncomingHttpHeaders, credentials: Credentials, refreshToken: unknown): string {
  const header = headers[SESSION_HEADER];
  const named = typeof header === 'string' ? header : undefined;
  // A token that names no session is not billsim's (an installation's behind --proxy, a recording's
  // "[redacted]"): it enters the header's session, where a stub or the proxy may answer it, and a route refuses it.
  let carried: string | undefined;
  if (credentials.kind === 'bearer') {
    carried = credentials.personal ? sessionOfSecret(credentials.token) : sessionOfJwt(credentials.token);
  } else if (typeof refreshToken === 'string') carried = sessionOfSecret(refreshToken);
  if (carried !== undefined) {
    if (!isValidSessionName(carried)) throw new DoorError(401, messages.doorUnauthorized());
    if (named !== undefined && named !== carried) throw new DoorError(401, messages.doorOtherSession(carried, named));
    return carried;
  }
  if (named !== undefined && !isValidSessionName(named)) throw new DoorError(200, messages.sessionInvalid());
  return named ?? DEFAULT_SESSION;
}

function refused(code: string): never {
  throw new DoorError(401, code);
}

/** What callerNow answers when the caller cannot be told without waiting. */
export const LATER = Symbol('later');

/**
 * The caller a request proves, checked against the session's world at `now`:
 * a token this session signed and that still stands, a personal token, or an
 * e-mail and password (Basic; the scrypt runs off the event loop first).
 * `auth` is what the route needs: a route open to anyone still learns who
 * calls when `optional`.
 */
export async function callerFor(world: View, now: Date, credentials: Credentials, auth: UserApiAuth): Promise<Caller | undefined> {
  const known = callerNow(world, now, credentials, auth);
  if (known !== LATER) return known;
  if (credentials.kind === 'basic') {
    const record = clientByEmail(world, credentials.email);
    await prepareVerify(credentials.password, record?.password ?? NO_ACCOUNT_HASH);
    const matches = verifyPassword(credentials.password, record?.password ?? NO_ACCOUNT_HASH);
    if (!record || !matches || !mayLogIn(world, record)) refused(messages.doorWrongLogin());
    if (auth === 'mfa') refused(messages.doorMfaNotPending());
    return { person: record, clientId: mainClientOf(record), via: 'basic' };
  }
  const token = credentials.kind === 'bearer' ? credentials.token : '';
  return callerOf(world, await readToken(token, signingKey(world), now), auth);
}

/**
 * As callerFor, for the requests whose caller is told without waiting (no
 * credentials, a personal token, a JWT whose signature was checked before);
 * LATER for the others (Basic's scrypt, a signature still to check). A
 * refusal throws, as callerFor's does.
 */
export function callerNow(world: View, now: Date, credentials: Credentials, auth: UserApiAuth): Caller | undefined | typeof LATER {
  if (auth === 'none') return undefined;
  if (credentials.kind === 'none') return auth === 'optional' ? undefined : refused(messages.doorUnauthorized());
  if (credentials.kind === 'basic') return LATER;
  if (credentials.personal) {
    const row = personalToken(world, credentials.token, now);
    if (typeof row === 'string') refused(row);
    if (auth === 'mfa') refused(messages.doorMfaNotPending());
    return standing(world, row.client_id, { via: 'personal', tokenId: row.id }, row.access_id);
  }
  const claims = knownToken(credentials.token, signingKey(world), now);
  return claims === undefined ? LATER : callerOf(world, claims, auth);
}

/** The caller of an access or two-factor token's claims, or its refusal. */
function callerOf(world: View, claims: AccessClaims | TokenRefusal, auth: UserApiAuth): Caller {
  if (typeof claims === 'string') refused(claims);
  if (claims.use === 'mfa') {
    if (auth !== 'mfa') refused(messages.doorMfaTokenOnly());
    return standing(world, claims.sub, { via: 'mfa' }, claims.access_id);
  }
  if (auth === 'mfa') refused(messages.doorMfaNotPending());
  if (!accessStands(world, claims)) refused(messages.doorUnauthorized());
  return standing(world, claims.sub, { via: 'jwt', tokenId: claims.sid, jti: claims.jti }, claims.access_id);
}

/**
 * The caller a token names while its account may still log in; a guest's token
 * (`accessId` other than "0") while its grant still stands, seeing the host's records.
 */
function standing(world: View, personId: string, how: Omit<Caller, 'person' | 'clientId'>, accessId = '0'): Caller {
  const person = world.get('clients', personId);
  if (!person || !mayLogIn(world, person)) refused(messages.doorUnauthorized());
  if (accessId === '0') return { person, clientId: mainClientOf(person), ...how };
  const guest = standingGrant(world, accessId, person.id) ?? refused(messages.doorUnauthorized());
  return { person, clientId: guest.client_id, guest, ...how };
}
