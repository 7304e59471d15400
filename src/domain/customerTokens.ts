import { createHash, createPrivateKey, createPublicKey, generateKeyPair, type KeyObject, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { addDays, formatDateTime, parseDateTime, unixTime } from '../lib/dates.js';
import { roomIn } from '../lib/bounded.js';
import type { Client, ClientGuest, ClientMfa, UserApiKey, UserApiToken, UserApiTokens } from '../generated/wire.js';
import type { View, World } from '../store/world.js';
import { MAIN_PARENT_ID } from './clients.js';

// The tokens of the customer's door (the User API): RS256 JWTs signed with the
// session's key (userapi_keys), whose lifetimes run on the session's clock, and
// opaque refresh and personal tokens kept as hashes (userapi_tokens). jose
// signs and checks the JWTs, otpauth the two-factor codes.

/** An access token lasts an hour of the session's clock; a refresh token 30 days; a two-factor challenge 5 minutes. */
export const ACCESS_SECONDS = 3600;
export const REFRESH_DAYS = 30;
export const MFA_SECONDS = 300;
/** The issuer every token names. */
export const ISSUER = 'billsim';
/** What an unset end is written as, as the API writes unset dates. */
export const NO_END = '0000-00-00 00:00:00';

const REFRESH_PREFIX = 'bsr_';
const PERSONAL_PREFIX = 'bspat_';

/** What an access or two-factor token says of itself. */
export interface AccessClaims {
  /** The clients row the token stands for (a client or a contact). */
  sub: string;
  /** The main client whose records it sees. */
  client_id: string;
  /** The contact, or "0" for a main client. */
  contact_id: string;
  /** The guest access grant the token enters the host's profile by, or "0" for the person's own profile. */
  access_id: string;
  session: string;
  /** The login (userapi_tokens row). */
  sid: string;
  jti: string;
  /** "access", or "mfa" for the challenge of a two-factor login. */
  use: 'access' | 'mfa';
  iat: number;
  exp: number;
}

/** Why a token is refused: not one of ours (or ended), or past its end. */
export type TokenRefusal = 'unauthorized' | 'token_expired';

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The session a refresh or personal token was made in, read from the token itself ("bsr_<session>.<secret>"). */
export function sessionOfSecret(token: string): string | undefined {
  const prefix = token.startsWith(REFRESH_PREFIX) ? REFRESH_PREFIX : token.startsWith(PERSONAL_PREFIX) ? PERSONAL_PREFIX : undefined;
  if (!prefix) return undefined;
  const dot = token.indexOf('.', prefix.length);
  if (dot === -1) return undefined;
  return Buffer.from(token.slice(prefix.length, dot), 'base64url').toString();
}

export function isPersonalToken(token: string): boolean {
  return token.startsWith(PERSONAL_PREFIX);
}

/**
 * Tokens whose session has been read, as a client sends the same token with every request: a few
 * thousand at most, of a token's usual length, so that tokens made up to fill memory cannot.
 */
const sessionsRead = new Map<string, string>();
const SESSIONS_READ_LIMIT = 2000;
const SESSION_READ_LENGTH = 2048;

/** The session a JWT names, read without checking it (the session's key checks it next). */
export function sessionOfJwt(token: string): string | undefined {
  const known = sessionsRead.get(token);
  if (known !== undefined) return known;
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  let session: unknown;
  try {
    session = (JSON.parse(Buffer.from(parts[1], 'base64url').toString()) as { session?: unknown }).session;
  } catch {
    return undefined;
  }
  if (typeof session !== 'string') return undefined;
  if (token.length <= SESSION_READ_LENGTH) roomIn(sessionsRead, SESSIONS_READ_LIMIT).set(token, session);
  return session;
}

function newSecret(prefix: string, session: string): string {
  return `${prefix}${Buffer.from(session).toString('base64url')}.${randomBytes(32).toString('base64url')}`;
}

// ------------------------------------------------------------------ the key

/** A new RSA key pair, made in the thread pool (a 2048-bit key takes tens of milliseconds). */
export function newKeyPair(): Promise<{ private_key: string; public_key: string }> {
  return new Promise((resolve, reject) =>
    generateKeyPair(
      'rsa',
      { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } },
      (error, publicKey, privateKey) => (error ? reject(error) : resolve({ private_key: privateKey, public_key: publicKey })),
    ),
  );
}

export function signingKey(world: View): UserApiKey | undefined {
  return world.all('userapi_keys')[0];
}

/** The session's key, added from `made` (newKeyPair's) when it has none yet. */
export function keepKey(world: World, made: { private_key: string; public_key: string }, now: Date): UserApiKey {
  return signingKey(world) ?? world.insert('userapi_keys', { id: world.nextId('userapi_keys'), ...made, created: formatDateTime(now) });
}

// Rows are replaced, never changed in place: a key object made once per row serves every request.
const keyObjects = new WeakMap<UserApiKey, { private: KeyObject; public: KeyObject }>();
function keysOf(row: UserApiKey): { private: KeyObject; public: KeyObject } {
  let keys = keyObjects.get(row);
  if (!keys) {
    keys = { private: createPrivateKey(row.private_key), public: createPublicKey(row.public_key) };
    keyObjects.set(row, keys);
  }
  return keys;
}

// ------------------------------------------------------------------ access tokens

/** Signs an access (or two-factor) token for `claims`, lasting `seconds` from `now` on the session's clock. */
export async function signToken(
  key: UserApiKey,
  claims: Omit<AccessClaims, 'iat' | 'exp' | 'jti'>,
  now: Date,
  seconds: number,
): Promise<{ token: string; exp: number }> {
  const iat = unixTime(now);
  const exp = iat + seconds;
  const jti = randomBytes(12).toString('base64url');
  const { SignJWT } = await jose();
  const token = new SignJWT({ ...claims })
    .setProtectedHeader({ typ: 'JWT', alg: 'RS256' })
    .setIssuer(ISSUER)
    .setSubject(claims.sub)
    .setJti(jti)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(keysOf(key).private);
  return token.then((text) => ({ token: text, exp }));
}

// jose is imported with the first token signed or read: a start that never sees one does not load it.
let joseModule: Promise<typeof import('jose')> | undefined;
const jose = () => (joseModule ??= import('jose'));

// Tokens whose signature a key checked, with their claims: a client sends the
// same token with every request, and the RSA check costs more than a read. Only
// the signature is remembered; the end is checked against the clock each time.
const CHECKED_LIMIT = 10_000;
const checked = new WeakMap<UserApiKey, Map<string, AccessClaims>>();

/**
 * readToken's answer without waiting, when it needs no signature checked: no key, or a token whose
 * signature the key checked before. Undefined when the signature is still to be checked.
 */
export function knownToken(token: string, key: UserApiKey | undefined, now: Date): AccessClaims | TokenRefusal | undefined {
  if (!key) return 'unauthorized';
  const known = checked.get(key)?.get(token);
  return known && (known.exp <= unixTime(now) ? 'token_expired' : known);
}

/** The claims of a token this session signed and that has not ended by `now`, or why it is refused. */
export async function readToken(token: string, key: UserApiKey | undefined, now: Date): Promise<AccessClaims | TokenRefusal> {
  if (!key) return 'unauthorized';
  const known = knownToken(token, key, now);
  if (known !== undefined) return known;
  const { errors, jwtVerify } = await jose();
  try {
    const { payload } = await jwtVerify(token, keysOf(key).public, {
      issuer: ISSUER,
      algorithms: ['RS256'],
      currentDate: now,
      clockTolerance: 0,
    });
    const claims = payload as unknown as AccessClaims;
    let tokens = checked.get(key);
    if (!tokens) {
      tokens = new Map();
      checked.set(key, tokens);
    }
    roomIn(tokens, CHECKED_LIMIT).set(token, claims);
    return claims;
  } catch (error) {
    return error instanceof errors.JWTExpired ? 'token_expired' : 'unauthorized';
  }
}

// ------------------------------------------------------------------ who a token stands for

/** The main client whose records a person sees: itself, or a contact's client. */
export function mainClientOf(person: Client): string {
  return person.parent_id === MAIN_PARENT_ID ? person.id : person.parent_id;
}

/** The claims of a person's token in session `session`, for login `sid`; with a guest grant, of the host's profile. */
export function claimsFor(
  person: Client,
  session: string,
  sid: string,
  use: AccessClaims['use'],
  guest?: ClientGuest,
): Omit<AccessClaims, 'iat' | 'exp' | 'jti'> {
  const contact = person.parent_id === MAIN_PARENT_ID ? '0' : person.id;
  const client = guest?.client_id ?? mainClientOf(person);
  return { sub: person.id, client_id: client, contact_id: contact, access_id: guest?.id ?? '0', session, sid, use };
}

// ------------------------------------------------------------------ logins and refresh tokens

/** A login just started (or refreshed): the person, its login row and its refresh token, for issueTokens. */
export interface NewLogin {
  person: Client;
  sid: string;
  refresh: string;
  /** The guest grant the login entered a host's profile by. */
  guest?: ClientGuest;
}

/** The access token of a login, signed with the session's key, beside its refresh token (as /api/login answers them). */
export async function issueTokens(world: View, login: NewLogin, session: string, now: Date): Promise<UserApiTokens> {
  const key = signingKey(world);
  if (!key) throw new Error('a login was made before the session had a signing key');
  const { token } = await signToken(key, claimsFor(login.person, session, login.sid, 'access', login.guest), now, ACCESS_SECONDS);
  return { token, refresh: login.refresh };
}

/** The grant a token row keeps when it enters a host's profile. */
const guestPart = (guest: ClientGuest | undefined) => (guest ? { access_id: guest.id } : {});

/** A new login of `person` (into a host's profile by `guest`): its row and the refresh token it answers (shown once, kept as a hash). */
export function startLogin(
  world: World,
  person: Client,
  session: string,
  now: Date,
  guest?: ClientGuest,
): { row: UserApiToken; refresh: string } {
  const refresh = newSecret(REFRESH_PREFIX, session);
  const row = world.insert('userapi_tokens', {
    ...guestPart(guest),
    id: world.nextId('userapi_tokens'),
    type: 'login',
    client_id: person.id,
    name: '',
    secret: hashSecret(refresh),
    created: formatDateTime(now),
    expires: formatDateTime(addDays(now, REFRESH_DAYS)),
    revoked: '0',
    ended: [],
  });
  return { row, refresh };
}

function byHash(world: View, secret: string): UserApiToken | undefined {
  const hash = hashSecret(secret);
  return world.where('userapi_tokens', 'secret', hash)[0];
}

function ended(row: UserApiToken, now: Date): TokenRefusal | undefined {
  if (row.revoked === '1') return 'unauthorized';
  if (row.expires !== NO_END && (parseDateTime(row.expires)?.getTime() ?? 0) <= now.getTime()) return 'token_expired';
  return undefined;
}

/** The login a refresh token belongs to while it works: unknown, replaced, revoked or past its end is refused. */
export function loginOfRefresh(world: View, refresh: string, now: Date): UserApiToken | TokenRefusal {
  const row = refresh.startsWith(REFRESH_PREFIX) ? byHash(world, refresh) : undefined;
  if (row?.type !== 'login') return 'unauthorized';
  return ended(row, now) ?? row;
}

/** Replaces a login's refresh token (the one used stops working) and answers the new one. */
export function rotateRefresh(world: World, row: UserApiToken, session: string, now: Date): string {
  const refresh = newSecret(REFRESH_PREFIX, session);
  world.replace('userapi_tokens', { ...row, secret: hashSecret(refresh), expires: formatDateTime(addDays(now, REFRESH_DAYS)) });
  return refresh;
}

/** Whether an access token of login `sid` still works: its login stands and it was not logged out. */
export function accessStands(world: View, claims: AccessClaims): boolean {
  const row = world.get('userapi_tokens', claims.sid);
  return row !== undefined && row.type === 'login' && row.revoked === '0' && !row.ended.includes(claims.jti);
}

/** Ends a whole login (its access tokens and its refresh token), or a personal token. */
export function revokeToken(world: World, row: UserApiToken): void {
  world.replace('userapi_tokens', { ...row, revoked: '1' });
}

/** Ends one access token of a login (logout); the login's refresh token still works. */
export function endAccess(world: World, row: UserApiToken, jti: string): void {
  world.replace('userapi_tokens', { ...row, ended: [...row.ended, jti] });
}

// ------------------------------------------------------------------ personal access tokens

/** A new personal token of `person` (of a host's profile, made by a guest) ending at `expires` (or never): its row and the token, shown once. */
export function startPersonal(
  world: World,
  person: Client,
  name: string,
  expires: string,
  session: string,
  now: Date,
  guest?: ClientGuest,
): { row: UserApiToken; token: string } {
  const token = newSecret(PERSONAL_PREFIX, session);
  const row = world.insert('userapi_tokens', {
    ...guestPart(guest),
    id: world.nextId('userapi_tokens'),
    type: 'personal',
    client_id: person.id,
    name,
    secret: hashSecret(token),
    created: formatDateTime(now),
    expires,
    revoked: '0',
    ended: [],
  });
  return { row, token };
}

/** The personal token's row while it works, or why it is refused. */
export function personalToken(world: View, token: string, now: Date): UserApiToken | TokenRefusal {
  const row = byHash(world, token);
  if (row?.type !== 'personal') return 'unauthorized';
  return ended(row, now) ?? row;
}

/** A person's personal tokens still in use, oldest first. */
export function personalTokensOf(world: View, personId: string, now: Date): UserApiToken[] {
  return world
    .where('userapi_tokens', 'client_id', personId)
    .filter((row) => row.type === 'personal' && ended(row, now) === undefined)
    .sort((a, b) => Number(a.id) - Number(b.id));
}

// ------------------------------------------------------------------ two-factor

export function secondFactor(world: View, personId: string): ClientMfa | undefined {
  return world.where('client_mfa', 'client_id', personId)[0];
}

/** Whether `code` is the factor's TOTP code at `now`, or at the step before or after (an app's clock drifts). */
export function codeMatches(factor: ClientMfa, code: string, now: Date): boolean {
  const totp = new TOTP({ secret: Secret.fromBase32(factor.secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.validate({ token: code, timestamp: now.getTime(), window: 1 }) !== null;
}

/** The factor's code at `now` (tests, and the README's example). */
export function codeAt(factor: Pick<ClientMfa, 'secret'>, now: Date): string {
  return new TOTP({ secret: Secret.fromBase32(factor.secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: now.getTime(),
  });
}
