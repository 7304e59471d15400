import { createHash, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';
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

// The thread pool runs four scrypts at once (and more with UV_THREADPOOL_SIZE),
// so a login storm on a 2-core machine took both cores and the event loop got
// a share of one: other clients' reads fell to 8% of their rate. At most
// HASH_CONCURRENCY hashes run at once, every core but one by default, the
// rest queued in order (p-limit): the loop keeps a core, and the pool keeps
// threads for file writes (the data file's log is fsynced there).
export const DEFAULT_HASH_CONCURRENCY = Math.max(1, availableParallelism() - 1);
const hashing = pLimit(DEFAULT_HASH_CONCURRENCY);
let running = 0;
let peak = 0;

function derive(password: string, salt: Buffer, length: number): Promise<Buffer> {
  return hashing(async () => {
    running++;
    peak = Math.max(peak, running);
    try {
      return await new Promise<Buffer>((resolve, reject) =>
        scrypt(password, salt, length, (error, key) => (error ? reject(error) : resolve(key))),
      );
    } finally {
      running--;
    }
  });
}

/** Hashes running now, waiting, the most that ran at once since resetHashPeak, and the bound. */
export function hashLoad(): { running: number; waiting: number; peak: number; concurrency: number } {
  return { running, waiting: hashing.pendingCount, peak, concurrency: hashing.concurrency };
}

/** Starts counting hashLoad().peak afresh. */
export function resetHashPeak(): void {
  peak = running;
}

/** Sets how many hashes may run at once (the process's, as the thread pool is); DEFAULT_HASH_CONCURRENCY unless set. */
export function setHashConcurrency(concurrency: number): void {
  hashing.concurrency = concurrency;
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
