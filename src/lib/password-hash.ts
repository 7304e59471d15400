import { createHash, randomBytes, scryptSync } from 'node:crypto';

// The stored form of a password: scrypt$<salt hex>$<hash hex>. Here, below every
// layer, so the calls that set a password (src/domain/password.ts) and the world
// loader that hashes a plain-text one from a fixture make the same string.
export const KEY_LENGTH = 32;
const STORED = /^scrypt\$[0-9a-f]+\$[0-9a-f]+$/;

/**
 * The salt of an account's password: derived from the account's id and e-mail,
 * so every account gets its own, and a session replayed from the same world
 * with the same calls stores byte-identical records (a random salt would not).
 * A simulator holds no real secrets, so a predictable salt costs nothing.
 */
export function saltFor(id: string, email: string): Buffer {
  return createHash('sha256').update(`billsim-password-salt\0${id}\0${email.toLowerCase()}`).digest().subarray(0, 16);
}

/** The stored form of `password` with `salt` (a random one when none is given), computed now. */
export function hashNow(password: string, salt: Buffer = randomBytes(16)): string {
  return `scrypt$${salt.toString('hex')}$${scryptSync(password, salt, KEY_LENGTH).toString('hex')}`;
}

/** Whether `stored` is in the stored form ("" stands for no password: no login matches it). */
export function isPasswordHash(stored: string): boolean {
  return STORED.test(stored);
}
