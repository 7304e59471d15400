import { defineWrite } from '../route.js';
import { ApiError, messages } from '../../errors.js';
import { clientByEmail, mayLogIn } from '../../domain/clients.js';
import { NO_ACCOUNT_HASH, prepareVerify, verifyPassword } from '../../domain/password.js';
import {
  claimsFor,
  keepKey,
  mainClientOf,
  MFA_SECONDS,
  newKeyPair,
  secondFactor,
  signingKey,
  signToken,
  startLogin,
} from '../../domain/customerTokens.js';
import { formatDateTime } from '../../lib/dates.js';
import { clientLoggedIn } from '../../domain/events.js';
import type { Client, ClientGuest, UserApiKey, UserApiPostLoginAnswer, UserApiPostLoginInput } from '../../generated/wire.js';
import { guestEntry } from '../../domain/guests.js';
import { loginTokens, type NewLogin } from './tokens.js';

type Logged = ({ kind: 'tokens' } & NewLogin) | { kind: 'mfa'; person: Client; methods: string[]; guest?: ClientGuest };

export default defineWrite<UserApiPostLoginInput, Logged, UserApiPostLoginAnswer>({
  // The password's scrypt, and the session's signing key on its first login, are made off the event loop.
  async prepare({ username, password }, world) {
    const [, key] = await Promise.all([
      prepareVerify(password, clientByEmail(world, username)?.password ?? NO_ACCOUNT_HASH),
      signingKey(world) ? undefined : newKeyPair(),
    ]);
    return key;
  },
  run({ username, password, client_id }, { world, now, session }, prepared) {
    const record = clientByEmail(world, username);
    const matches = verifyPassword(password, record?.password ?? NO_ACCOUNT_HASH);
    // One answer for every cause, as installations give it, so it never tells whether the e-mail is known.
    if (!record || !matches || !mayLogIn(world, record)) throw new ApiError(messages.doorWrongLogin());
    // Another client's profile is entered by a guest grant that still lets the person in; the same answer otherwise.
    const guest = client_id === undefined || client_id === mainClientOf(record) ? undefined : guestEntry(world, record.id, client_id);
    if (client_id !== undefined && client_id !== mainClientOf(record) && !guest) throw new ApiError(messages.doorWrongLogin());
    if (!signingKey(world)) keepKey(world, prepared as Awaited<ReturnType<typeof newKeyPair>>, now);
    const person = world.replace('clients', { ...record, lastlogin: formatDateTime(now) });
    const factor = secondFactor(world, person.id);
    if (factor) return { kind: 'mfa', person, methods: [factor.method], guest };
    clientLoggedIn(world, person.id);
    return { kind: 'tokens', person, guest, ...pick(startLogin(world, person, session, now, guest)) };
  },
  async finish(logged, ctx) {
    if (logged.kind === 'tokens') return loginTokens(logged, ctx);
    const key = signingKey(ctx.world) as UserApiKey;
    // The challenge names no login yet: POST /api/mfa/verify starts one.
    const { token, exp } = await signToken(key, claimsFor(logged.person, ctx.session, '0', 'mfa', logged.guest), ctx.now, MFA_SECONDS);
    return { token: null, refresh: null, mfa: { token, methods: logged.methods, expires_at: exp } };
  },
});

function pick({ row, refresh }: { row: { id: string }; refresh: string }): { sid: string; refresh: string } {
  return { sid: row.id, refresh };
}
