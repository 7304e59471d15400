// The memory budget: one bound over what sessions keep besides their state.
//
// Sessions keep material that is not their state: the answers kept for
// repeated reads, the request journal (each entry's parameters and answer
// text) and snapshots. Each is bounded per session, but a thousand sessions
// times those bounds is more than the heap, so they share one budget. When
// the budget is reached, the oldest material goes first, in this order: kept
// answers, then finished webhook deliveries, then raised events (session.events()), then journal answer texts, then whole journal entries. Snapshots
// are never dropped: a snapshot that does not fit is refused. The state of a
// session (its records, outbox and automation log included) is never dropped;
// its growth beyond the seed is counted, so that it leaves less room for the
// rest.
import { getHeapStatistics } from 'node:v8';
import type { MemoryUse } from '../generated/wire.js';

export type { MemoryUse };

/** What may be dropped, in the order it goes. */
export type Droppable = 'answers' | 'deliveries' | 'events' | 'journalAnswers' | 'journalEntries';
const DROP_ORDER: readonly Droppable[] = ['answers', 'deliveries', 'events', 'journalAnswers', 'journalEntries'];

/** What is counted and never dropped. */
export type Fixed = 'snapshots' | 'state';

/** The default budget: a quarter of the heap V8 may use, leaving the rest to the sessions' state, the seed and the collector. */
export function defaultMemoryBudget(): number {
  return Math.floor(getHeapStatistics().heap_size_limit / 4);
}

/** The smallest budget accepted: below it a session's journal could not keep one large answer. */
export const MIN_MEMORY_BUDGET = 1024 * 1024;

/**
 * The bytes a text takes in V8's heap: one a character when it is ASCII (as
 * answers mostly are), else counted as two (V8 keeps a text with a character
 * beyond Latin-1 two bytes a character). Buffer.byteLength is native and far
 * faster than a regular expression over the text; a caller that has the
 * text's UTF-8 bytes already passes their length.
 */
export function textBytes(text: string, utf8Bytes = Buffer.byteLength(text)): number {
  return utf8Bytes === text.length ? text.length : text.length * 2;
}

interface Item {
  bytes: number;
  drop: () => void;
}

/**
 * An owner of many small items of one kind that counts them as a whole (a
 * session's journal, one entry a request): two Map entries and two closures
 * per request cost more than the rest of its entry. Its items carry ages from
 * `nextAge()`, so the oldest of all holders can be told and dropped first.
 */
export interface Holder {
  /** The age of its oldest item of `kind`, or undefined when it has none. */
  oldest(kind: Droppable): number | undefined;
  /** Drops its oldest item of `kind` (the owner then must not keep it); gives back the bytes it was counted with. */
  dropOldest(kind: Droppable): number;
}

let age = 0;

/** A number larger than any given before in this process: the age of a holder's new item. */
export function nextAge(): number {
  return ++age;
}

export class MemoryBudget {
  /** Droppable items by key, oldest first (a Map keeps insertion order). */
  private readonly items: Record<Droppable, Map<object, Item>> = {
    answers: new Map(),
    deliveries: new Map(),
    events: new Map(),
    journalAnswers: new Map(),
    journalEntries: new Map(),
  };
  private readonly bytes: Record<Droppable | Fixed, number> = {
    answers: 0,
    deliveries: 0,
    events: 0,
    journalAnswers: 0,
    journalEntries: 0,
    snapshots: 0,
    state: 0,
  };
  /** The holders of each kind, with the bytes each is counted with. */
  private readonly holders: Record<Droppable, Map<Holder, number>> = {
    answers: new Map(),
    deliveries: new Map(),
    events: new Map(),
    journalAnswers: new Map(),
    journalEntries: new Map(),
  };
  private readonly dropped: Record<Droppable, number> = { answers: 0, deliveries: 0, events: 0, journalAnswers: 0, journalEntries: 0 };
  /** The sum of `bytes`, kept as it changes (it is read on every request). */
  private total = 0;

  constructor(readonly limit: number = defaultMemoryBudget()) {}

  get used(): number {
    return this.total;
  }

  /**
   * Counts an item that may be dropped; `drop` takes it out of its owner when
   * the budget needs the room (the owner then must not keep it). Older
   * material is dropped until the budget holds, possibly this item itself.
   */
  add(kind: Droppable, key: object, bytes: number, drop: () => void): void {
    this.items[kind].set(key, { bytes, drop });
    this.bytes[kind] += bytes;
    this.total += bytes;
    if (this.total > this.limit) this.fit();
  }

  /** Forgets an item its owner let go of itself; nothing happens when it was already dropped. */
  remove(kind: Droppable, key: object): void {
    const item = this.items[kind].get(key);
    if (!item) return;
    this.items[kind].delete(key);
    this.bytes[kind] -= item.bytes;
    this.total -= item.bytes;
  }

  /** Counts `bytes` more of a holder's items of `kind`; older material is dropped until the budget holds, possibly this item. */
  hold(kind: Droppable, holder: Holder, bytes: number): void {
    const held = this.holders[kind];
    held.set(holder, (held.get(holder) ?? 0) + bytes);
    this.bytes[kind] += bytes;
    this.total += bytes;
    if (this.total > this.limit) this.fit();
  }

  /** Forgets `bytes` of a holder's items of `kind` that it let go of itself. */
  release(kind: Droppable, holder: Holder, bytes: number): void {
    const held = this.holders[kind];
    const left = (held.get(holder) ?? 0) - bytes;
    if (left > 0) held.set(holder, left);
    else held.delete(holder);
    this.bytes[kind] -= bytes;
    this.total -= bytes;
  }

  /** Changes a count that is never dropped (snapshots, the state's growth) by `delta` bytes, dropping older material when needed. */
  change(kind: Fixed, delta: number): void {
    this.bytes[kind] += delta;
    this.total += delta;
    if (delta > 0 && this.total > this.limit) this.fit();
  }

  /** Whether `bytes` more of what is never dropped fits, once everything droppable has gone. */
  fits(bytes: number): boolean {
    return this.bytes.snapshots + this.bytes.state + bytes <= this.limit;
  }

  use(): MemoryUse {
    const b = this.bytes;
    return {
      budget: this.limit,
      used: this.used,
      answers: b.answers,
      deliveries: b.deliveries,
      events: b.events,
      journal: b.journalAnswers + b.journalEntries,
      snapshots: b.snapshots,
      state: b.state,
      dropped: { ...this.dropped },
    };
  }

  /** Drops the oldest droppable material, in DROP_ORDER, until the budget holds. */
  private fit(): void {
    for (const kind of DROP_ORDER) {
      const items = this.items[kind];
      while (this.used > this.limit && items.size > 0) {
        const [key, item] = items.entries().next().value as [object, Item];
        items.delete(key);
        this.bytes[kind] -= item.bytes;
        this.total -= item.bytes;
        this.dropped[kind]++;
        item.drop();
      }
      for (let holder = this.oldestHolder(kind); this.used > this.limit && holder; holder = this.oldestHolder(kind)) {
        this.dropped[kind]++;
        this.release(kind, holder, holder.dropOldest(kind));
      }
      if (this.used <= this.limit) return;
    }
  }

  /** The holder of the oldest item of `kind` (a look at each: the budget is full only now and then). */
  private oldestHolder(kind: Droppable): Holder | undefined {
    let found: Holder | undefined;
    let oldest = Infinity;
    for (const holder of this.holders[kind].keys()) {
      const at = holder.oldest(kind);
      if (at !== undefined && at < oldest) [found, oldest] = [holder, at];
    }
    return found;
  }
}
