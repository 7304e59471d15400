import { createHash, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';
import { KEY_LENGTH, saltFor } from '../lib/password-hash.js';

export { saltFor };

// scrypt with a salt of its own per account, stored as scrypt$<salt hex>$<hash hex> (src/lib/password-hash.ts).

/**
 * The hash of a random password nobody kept: a login naming no account is checked
 * against it, so it costs the same scrypt run as a real one and timing reveals nothing.
 */
export const NO_ACCOUNT_HASH = 'scrypt$2cbd10119a615e93c622c46a3625b615$118135a975453c8a65e9659ffbe65b8f0036fcb0e212a05d3027cad24fa54a99';

// scrypt costs tens of milliseconds of CPU: run synchronously it stalls every
// other request. Calls that hash declare a `prepare` step which the session's
// gate awaits before their synchronous run: it computes the scrypt results in
// the thread pool (crypto.scrypt) and leaves them here, where hashPassword and
// verifyPassword take them. Nothing prepared (a unit test calling run directly,
// or a record changed between prepare and run) falls back to scryptSync, with
// the same result. Entries are counted, so two requests preparing the same
// input each find theirs, and bounded, so a prepared result never taken (the
// run failed first) cannot pile up.
const PREPARED_LIMIT = 64;
const prepared = new Map<string, { key: Buffer; count: number }>();

function memoKey(password: string, salt: Buffer, length: number): string {
  return createHash('sha256').update(salt).update(`\0${length}\0`).update(password).digest('hex');
}

function derive(password: string, salt: Buffer, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password, salt, length, (error, key) => (error ? reject(error) : resolve(key))));
}

async function prepare(password: string, salt: Buffer, length: number): Promise<void> {
  const key = await derive(password, salt, length);
  const memo = memoKey(password, salt, length);
  const entry = prepared.get(memo);
  if (entry) entry.count++;
  else {
    if (prepared.size >= PREPARED_LIMIT) prepared.delete(prepared.keys().next().value as string);
    prepared.set(memo, { key, count: 1 });
  }
}

/** The scrypt result prepared for this input (taken, so it serves one run), else computed now. */
function scryptOf(password: string, salt: Buffer, length: number): Buffer {
  const memo = memoKey(password, salt, length);
  const entry = prepared.get(memo);
  if (!entry) return scryptSync(password, salt, length);
  if (--entry.count === 0) prepared.delete(memo);
  return entry.key;
}

/** How many prepared results wait to be taken (for tests). */
export function preparedCount(): number {
  return prepared.size;
}

function parse(stored: string): { salt: Buffer; expected: Buffer } | undefined {
  const [scheme, saltHex, hashHex] = stored.split('$');
  if (scheme !== 'scrypt' || !saltHex || !hashHex) return undefined;
  return { salt: Buffer.from(saltHex, 'hex'), expected: Buffer.from(hashHex, 'hex') };
}

/** Computes off the event loop what hashPassword(password, salt) will need. */
export function prepareHash(password: string, salt: Buffer): Promise<void> {
  return prepare(password, salt, KEY_LENGTH);
}

/** Computes off the event loop what verifyPassword(password, stored) will need. */
export async function prepareVerify(password: string, stored: string): Promise<void> {
  const parsed = parse(stored);
  if (parsed) await prepare(password, parsed.salt, parsed.expected.length);
}

export function hashPassword(password: string, salt: Buffer): string {
  const hash = scryptOf(password, salt, KEY_LENGTH);
  return `scrypt$${salt.toString('hex')}$${hash.toString('hex')}`;
}

export function verifyPassword(password: string, stored: string): boolean {
  const parsed = parse(stored);
  if (!parsed) return false;
  const actual = scryptOf(password, parsed.salt, parsed.expected.length);
  return parsed.expected.length === actual.length && timingSafeEqual(parsed.expected, actual);
}
