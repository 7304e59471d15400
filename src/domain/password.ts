import { createHash, scryptSync, timingSafeEqual } from 'node:crypto';

// scrypt with a salt of its own per account, stored as scrypt$<salt hex>$<hash hex>.
const KEY_LENGTH = 32;

/**
 * The hash of a random password nobody kept: a login naming no account is checked
 * against it, so it costs the same scrypt run as a real one and timing reveals nothing.
 */
export const NO_ACCOUNT_HASH = 'scrypt$2cbd10119a615e93c622c46a3625b615$118135a975453c8a65e9659ffbe65b8f0036fcb0e212a05d3027cad24fa54a99';

/**
 * The salt of an account's password: derived from the account's id and e-mail,
 * so every account gets its own, and a session replayed from the same world
 * with the same calls stores byte-identical records (a random salt would not).
 * A simulator holds no real secrets, so a predictable salt costs nothing.
 */
export function saltFor(id: string, email: string): Buffer {
  return createHash('sha256').update(`billsim-password-salt\0${id}\0${email.toLowerCase()}`).digest().subarray(0, 16);
}

export function hashPassword(password: string, salt: Buffer): string {
  const hash = scryptSync(password, salt, KEY_LENGTH);
  return `scrypt$${salt.toString('hex')}$${hash.toString('hex')}`;
}

export function verifyPassword(password: string, stored: string): boolean {
  const [scheme, saltHex, hashHex] = stored.split('$');
  if (scheme !== 'scrypt' || !saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, 'hex');
  const actual = scryptSync(password, Buffer.from(saltHex, 'hex'), expected.length);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
