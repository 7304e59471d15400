import { unixTime } from '../lib/dates.js';
import type { Encoded } from '../lib/encoded.js';
import { type MemoryBudget, textBytes } from './memory.js';

// A read-only call's answer is a function of the session's state, the
// parameters and the clock: operations get nothing else, and every date they
// read or write, like server_time, is whole seconds. Its serialized bytes are
// therefore kept per session and sent again to the same request while the
// world's version (moved on by every write, undo, reset and restore) and the
// clock's second are unchanged. Running the call, building its envelope and
// serializing it cost more than the rest of a read (bench/README.md).
// Faults are taken before this is asked, and the journal records every request.
// Kept answers are the first thing the memory budget drops.

/** Answers kept per session at once, and the longest answer kept (in characters). */
export const KEPT_ANSWERS = 32;
export const KEPT_ANSWER_LENGTH = 64 * 1024;
/** Bytes counted for a kept answer besides its text and its key's: the map entry and its record. */
const ANSWER_BYTES = 100;

/** A kept answer: its text and its bytes (lib/encoded.ts), so sending it again costs no encoding. */
type Answer = Encoded;

/**
 * The parameters whose request was last known by its text (keyByText), and
 * that text. One pair, not a WeakMap: a request's parameters are young
 * objects, and an entry for each in a long-lived WeakMap costs the write
 * barrier's slow path and ephemeron work in every scavenge (bench/README.md).
 * A read answered at once asks for its key in the same turn, so it always
 * finds its pair; a request that waits may find another's pair there and is
 * then keyed by its JSON, which costs more but keys the same parameters.
 */
let keyed: object | undefined;
let keyedText = '';

/**
 * Keeps the answer to `params` under the text its request sent them in,
 * instead of their JSON (which costs more to make than the rest of finding a
 * kept answer): the same text always parses to the same parameters. The `?`
 * keeps such keys apart from JSON ones, none of which starts with it.
 */
export function keyByText(params: object, text: string): void {
  keyed = params;
  keyedText = `?${text}`;
}

function keyOf(params: object): string {
  return params === keyed ? keyedText : JSON.stringify(params);
}

export class KeptAnswers {
  private version = -1;
  private second = -1;
  private readonly answers = new Map<string, Answer>();

  constructor(private readonly budget?: MemoryBudget) {}

  /**
   * The answer to `params` at this state version and second: the kept one, or
   * `make()`'s, kept for the next request. An error thrown by make() is never kept.
   */
  answer(version: number, now: Date, params: object, make: () => string): Encoded {
    this.moveTo(version, now);
    const key = keyOf(params);
    const kept = this.answers.get(key);
    if (kept) return kept;
    const json = make();
    // Encoded now: a kept answer is sent again as it is, and its bytes are counted with it.
    const answer: Answer = { json, bytes: Buffer.from(json) };
    if (json.length <= KEPT_ANSWER_LENGTH) {
      if (this.answers.size >= KEPT_ANSWERS) this.clear();
      this.answers.set(key, answer);
      const bytes = answer.bytes!.length;
      this.budget?.add('answers', answer, ANSWER_BYTES + textBytes(key) + textBytes(json, bytes) + bytes, () => {
        if (this.answers.get(key) === answer) this.answers.delete(key);
      });
    }
    return answer;
  }

  /** The kept answer to `params` at this state version and second, if there is one. */
  find(version: number, now: Date, params: object): Encoded | undefined {
    this.moveTo(version, now);
    return this.answers.get(keyOf(params));
  }

  /** Forgets every answer once the state or the second moved on. */
  private moveTo(version: number, now: Date): void {
    const second = unixTime(now);
    if (this.version === version && this.second === second) return;
    this.version = version;
    this.second = second;
    this.clear();
  }

  /** How many answers are kept now. */
  get size(): number {
    return this.answers.size;
  }

  clear(): void {
    if (this.budget) for (const answer of this.answers.values()) this.budget.remove('answers', answer);
    this.answers.clear();
  }
}
