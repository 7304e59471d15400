// A saved state (a --data file, a session snapshot) mostly holds the seed's
// rows unchanged. Parsing them gives new objects, a second copy of the world
// in memory (2.8 GB instead of about 1.2 at a million invoices, bench/README.md).
// A saved row whose JSON text is exactly the text the seed's row is written
// as (the snapshot writer wrote it with the same JSON.stringify) is the seed's
// row: the seed's object is used, and the text is not even parsed.
import type { Collections } from '../generated/wire.js';
import type { Reuse } from './json-parts.js';

type Row = { id: string };

/** Where each collection's rows were found: taken from the seed, or parsed (and so still to be checked). */
export interface SeedReuse {
  reuse: Reuse;
  /** The rows of `name` that were parsed rather than taken from the seed, by their place in the saved array. */
  parsed(name: string): number[];
}

function textIs(bytes: Buffer, start: number, end: number, text: string): boolean {
  return Buffer.byteLength(text) === end - start && bytes.toString('utf8', start, end) === text;
}

/** Shares the seed's rows with a saved state being read (parseObjectInParts's `reuse`). */
export function seedReuse(seed: Collections): SeedReuse {
  const seeds = seed as unknown as Record<string, readonly Row[] | undefined>;
  // A saved array lines up with the seed's until a row is removed or inserted; `shift` follows such a move.
  const shift = new Map<string, number>();
  const places = new Map<string, Map<string, number>>();
  const parsedAt = new Map<string, number[]>();
  const placeOf = (name: string, id: string) => {
    let byId = places.get(name);
    if (!byId) {
      byId = new Map(seeds[name]!.map((row, at) => [row.id, at]));
      places.set(name, byId);
    }
    return byId.get(id);
  };
  const parsed = (name: string, index: number) => {
    let list = parsedAt.get(name);
    if (!list) parsedAt.set(name, (list = []));
    list.push(index);
  };
  const reuse: Reuse = (name, index, bytes, start, end) => {
    const rows = Object.hasOwn(seeds, name) ? seeds[name] : undefined;
    if (!rows) return undefined;
    const guess = rows[index + (shift.get(name) ?? 0)];
    if (guess && textIs(bytes, start, end, JSON.stringify(guess))) return guess;
    const text = bytes.toString('utf8', start, end);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return undefined; // parsed again by the reader, which reports where the text breaks
    }
    const id = (value as Partial<Row> | null)?.id;
    const at = typeof id === 'string' ? placeOf(name, id) : undefined;
    if (at !== undefined && JSON.stringify(rows[at]) === text) {
      shift.set(name, at - index);
      return rows[at];
    }
    parsed(name, index);
    return value;
  };
  return { reuse, parsed: (name) => parsedAt.get(name) ?? [] };
}
