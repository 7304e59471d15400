// A small seeded PRNG (mulberry32) and the picks the world generator needs,
// so the same seed always gives the same world.
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** A whole number in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)];
  }

  /** A value by weight: weighted([['Active', 90], ['Closed', 10]]). */
  weighted<T>(table: ReadonlyArray<readonly [T, number]>): T {
    const total = table.reduce((sum, [, w]) => sum + w, 0);
    let at = this.next() * total;
    for (const [value, w] of table) {
      at -= w;
      if (at < 0) return value;
    }
    return table[table.length - 1][0];
  }

  /** n characters drawn from `alphabet`. */
  text(n: number, alphabet = '0123456789abcdef'): string {
    let out = '';
    for (let i = 0; i < n; i++) out += alphabet[this.int(alphabet.length)];
    return out;
  }
}

const DAY_MS = 86_400_000;
const EPOCH = Date.UTC(2019, 0, 1);

/** Days counted from 2019-01-01 as YYYY-MM-DD. */
export function day(n: number): string {
  return new Date(EPOCH + n * DAY_MS).toISOString().slice(0, 10);
}

/** A day plus seconds into it as YYYY-MM-DD HH:MM:SS. */
export function dayTime(n: number, seconds: number): string {
  return new Date(EPOCH + n * DAY_MS + seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

/** The last day generated records use (2026-11-20, the bundled world's "today"). */
export const LAST_DAY = Math.round((Date.UTC(2026, 10, 20) - EPOCH) / DAY_MS);
