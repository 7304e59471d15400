// What a session was sent: a bounded request journal (newest first on read)
// and per-call counters. Secrets never leave it: they are redacted as entries
// are read (the journal is never saved).
//
// An entry is recorded on every request, so recording costs as little as it
// can (bench/README.md, "The journal, in place"): entries live in slots that
// are reused once the journal is full, a request's parameters are kept by
// reference when nothing in them needs cutting, the time as a number, and the
// memory budget counts the journal as one holder instead of each entry.

import type { CallCoverage, JournalEntry } from '../generated/wire.js';
import { formatDateTime } from '../lib/dates.js';
import { type Droppable, type Holder, type MemoryBudget, nextAge, textBytes } from './memory.js';

export type { CallCoverage, JournalEntry };

export const DEFAULT_JOURNAL_LIMIT = 1000;
export const REDACTED = '[redacted]';
/** Names of parameters and fields whose values are secrets: the journal keeps none, the dashboard shows none. */
export const SECRET =
  /^(api_key|pass(word)?\d*|cardnum(ber)?|card_?number|cvv2?|cvc|token|refresh(_token)?|card_?token|hash|epp_?code|expdate|secret)$/i;

/**
 * What one journal entry keeps of a request's parameters, so that a full
 * journal stays small whatever clients send (a request may carry 10,000
 * values and a megabyte of text): texts are cut after this many characters,
 * and at most this many values are kept in all.
 */
export const JOURNAL_TEXT_LIMIT = 256;
export const JOURNAL_VALUE_LIMIT = 200;
export const TRUNCATED = '[truncated]';
/** Characters of an answer's JSON text a journal entry keeps (the answers of most calls are a few kB). */
export const JOURNAL_ANSWER_LIMIT = 16_384;

/** A copy of the parameters with secrets redacted and long texts and large lists cut short. */
export function redact(value: unknown): unknown {
  return copy(value, 0, { left: JOURNAL_VALUE_LIMIT });
}

function cut(text: string): string {
  const extra = text.length - JOURNAL_TEXT_LIMIT;
  return extra > 0 ? `${text.slice(0, JOURNAL_TEXT_LIMIT)}...[${extra} more characters]` : text;
}

function cutAnswer(text: string): string {
  const extra = text.length - JOURNAL_ANSWER_LIMIT;
  return extra > 0 ? `${text.slice(0, JOURNAL_ANSWER_LIMIT)}...[${extra} more characters]` : text;
}

/**
 * An answer as the journal keeps it. V8 keeps an ASCII text (as answers
 * mostly are) one byte a character, as small as its UTF-8: it stays a text,
 * copied flat when it was cut, since a slice would keep the whole answer
 * alive. Any other text is kept as UTF-8 bytes (V8 would hold it two bytes a
 * character once a character is beyond Latin-1). A buffer for every answer
 * cost more CPU than the rest of the journal entry.
 */
function kept(answer: string, bytes?: Buffer): string | Buffer {
  // The bytes sent are kept as they are (no copy), or the text when it is as long (ASCII).
  if (bytes !== undefined && answer.length <= JOURNAL_ANSWER_LIMIT) return bytes.length === answer.length ? answer : bytes;
  const text = cutAnswer(answer);
  if (textBytes(text) > text.length) return Buffer.from(text);
  return text === answer ? text : Buffer.from(text, 'latin1').toString('latin1');
}

// Files sent as attachments[<file name>]=<base64 content> (tickets) or as data=<base64 content>
// (addClientFile, the only published call with a `data` parameter): the names are kept, the content never.
const FILES = new Set(['attachments', 'data']);

/** How deep a value the journal keeps: anything deeper is redacted. */
const KEPT_DEPTH = 10;

function copy(value: unknown, depth: number, budget: { left: number }, content = false): unknown {
  if (depth > KEPT_DEPTH) return REDACTED;
  if (typeof value === 'string') return content ? REDACTED : cut(value);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Array.isArray(value) ? value.map((v, i): [string, unknown] => [String(i), v]) : Object.entries(value);
  const out: Record<string, unknown> = {};
  const list: unknown[] = [];
  for (const [key, v] of entries) {
    const kept = budget.left-- > 0 ? (SECRET.test(key) ? REDACTED : copy(v, depth + 1, budget, content || FILES.has(key))) : TRUNCATED;
    if (Array.isArray(value)) list.push(kept);
    else out[key] = kept;
    if (kept === TRUNCATED) break;
  }
  return Array.isArray(value) ? list : out;
}

/**
 * Distinct call names counted per session: clients may send any text as `call`,
 * so names beyond this many are counted together under OTHER_CALLS.
 */
export const COVERAGE_LIMIT = 500;
export const OTHER_CALLS = '(other calls)';

/** The text a journal entry shows for an answer dropped to keep within the memory budget. */
export const ANSWER_DROPPED = '[dropped: the memory budget (--memory-budget) needed the room]';
/** Bytes counted for an entry besides its texts: the object, its fields and the list's slot. */
const ENTRY_BYTES = 200;
/** Bytes counted for an answer besides its UTF-8 bytes: the buffer's own object. */
const ANSWER_BYTES = 100;

/** What the endpoints record of a request: an entry as read, but the time as a moment and the parameters as sent. */
export interface Recorded {
  /** The session clock's moment (ms since 1970). */
  time: number;
  call: string;
  /** As sent: the journal redacts and cuts them (it keeps this object, which must not change afterwards). */
  params: Record<string, unknown>;
  success: boolean;
  error: string[];
  durationMs: number;
  /** The answer's JSON text, as sent ('' when none was). */
  answer: string;
  /** Its UTF-8 bytes when they were made to send it: kept instead of a copy. */
  bytes?: Buffer;
  events?: number[];
  stub?: string;
  proxied?: boolean;
}

/** The rare parts of an entry, kept together. */
interface Extra {
  events?: number[];
  stub?: string;
  proxied?: true;
}

/** One entry's slot, reused once the journal is full. */
interface Slot {
  age: number;
  time: number;
  call: string;
  /** As sent when `plain` (redacted as read), else the redacted and cut copy. */
  params: Record<string, unknown>;
  plain: boolean;
  success: boolean;
  error: string[];
  durationMs: number;
  /** As a one-byte text or as UTF-8 bytes (see kept()), null once dropped. */
  answer: string | Buffer | null;
  extra: Extra | undefined;
  entryBytes: number;
  answerBytes: number;
}

const NO_ERRORS: string[] = [];
const NO_PARAMS: Record<string, unknown> = {};

/**
 * Whether parameters are kept as sent: texts, none cut, no file, few enough
 * and not too deep (what copy would keep whole, secrets aside, which are
 * redacted as the entry is read); their characters (the keys' and the
 * values') for the budget, or -1. Bracketed parameters (products[0][name])
 * nest: they are walked as copy walks them, counting every value it counts.
 */
function plainChars(params: Record<string, unknown>): number {
  return plainWithin(params, 0, { values: 0 });
}

function plainWithin(value: object, depth: number, count: { values: number }): number {
  // Its values are one deeper: copy would redact them below KEPT_DEPTH.
  if (depth >= KEPT_DEPTH) return -1;
  let chars = 0;
  for (const key in value) {
    const inner = (value as Record<string, unknown>)[key];
    if (FILES.has(key) || ++count.values > JOURNAL_VALUE_LIMIT) return -1;
    if (typeof inner === 'string') {
      if (inner.length > JOURNAL_TEXT_LIMIT) return -1;
      chars += key.length + inner.length;
    } else if (typeof inner === 'object' && inner !== null) {
      const nested = plainWithin(inner, depth + 1, count);
      if (nested < 0) return -1;
      chars += key.length + nested;
    } else return -1;
  }
  return chars;
}

/** About the characters of a journal entry's parameters: most are flat texts, so only nested ones are serialized. */
function paramChars(params: Record<string, unknown>): number {
  let chars = 0;
  for (const key in params) {
    const value = params[key];
    chars += key.length + (typeof value === 'string' ? value.length : (JSON.stringify(value)?.length ?? 4));
  }
  return chars;
}

export class Journal implements Holder {
  /** A ring: the oldest entry at `start`, `filled` of them; it grows to `limit` slots, then reuses them. */
  private slots: Slot[] = [];
  private start = 0;
  private filled = 0;
  /** How many of the oldest entries had their answer dropped by the budget (always the oldest ones). */
  private answersDropped = 0;
  readonly coverage = new Map<string, CallCoverage>();
  /** The requests stubs answered, by call, apart from the simulation's. */
  readonly stubbed = new Map<string, CallCoverage>();

  constructor(
    readonly limit = DEFAULT_JOURNAL_LIMIT,
    private readonly budget?: MemoryBudget,
  ) {}

  /** Records a request. */
  record(recorded: Recorded): void {
    // The call name and messages echo client text (an unknown call's name), so they are cut like parameters.
    const call = cut(recorded.call);
    this.tally(call, recorded);
    if (this.limit <= 0) return;
    const chars = plainChars(recorded.params);
    const plain = chars >= 0;
    const params = plain ? recorded.params : (redact(recorded.params) as Record<string, unknown>);
    const error = recorded.error.length === 0 ? NO_ERRORS : recorded.error.slice(0, 10).map(cut);
    const answer = kept(recorded.answer, recorded.bytes);
    let texts = call.length + (plain ? chars : paramChars(params));
    for (const message of error) texts += message.length;
    const slot = this.nextSlot();
    slot.age = nextAge();
    slot.time = recorded.time;
    slot.call = call;
    slot.params = params;
    slot.plain = plain;
    slot.success = recorded.success;
    slot.error = error;
    slot.durationMs = recorded.durationMs;
    slot.answer = answer;
    slot.extra = extraOf(recorded);
    slot.entryBytes = ENTRY_BYTES + 2 * texts;
    slot.answerBytes = 0;
    if (!this.budget) return;
    // Counted after the oldest went, the entry before its answer: a budget too small for the entry drops it at once.
    this.budget.hold('journalEntries', this, slot.entryBytes);
    if (slot.entryBytes === 0) return;
    slot.answerBytes = ANSWER_BYTES + answer.length;
    this.budget.hold('journalAnswers', this, slot.answerBytes);
  }

  /** Counts a request where coverage shows it: the simulation's, or the stubs'; a proxied one ran neither. */
  private tally(call: string, recorded: Recorded): void {
    if (recorded.proxied) return;
    const counted = recorded.stub === undefined ? this.coverage : this.stubbed;
    const key = counted.has(call) || counted.size < COVERAGE_LIMIT ? call : OTHER_CALLS;
    const counts = counted.get(key) ?? { requests: 0, successes: 0, errors: 0 };
    counts.requests++;
    if (recorded.success) counts.successes++;
    else counts.errors++;
    counted.set(key, counts);
  }

  /** Newest first, optionally only one call, at most `limit` entries. */
  list(call?: string, limit = this.limit): JournalEntry[] {
    const out: JournalEntry[] = [];
    for (let i = this.filled - 1; i >= 0 && out.length < limit; i--) {
      const slot = this.at(i);
      if (call && slot.call !== call) continue;
      const { answer } = slot;
      out.push({
        time: formatDateTime(new Date(slot.time)),
        call: slot.call,
        params: slot.plain ? (redact(slot.params) as Record<string, unknown>) : slot.params,
        success: slot.success,
        error: [...slot.error],
        durationMs: slot.durationMs,
        ...slot.extra,
        answer: answer === null ? ANSWER_DROPPED : typeof answer === 'string' ? answer : answer.toString(),
      });
    }
    return out;
  }

  /** How many entries are kept now. */
  get size(): number {
    return this.filled;
  }

  clear(): void {
    while (this.filled > 0) this.budget?.release('journalEntries', this, this.dropFirst());
    this.slots = [];
    this.start = 0;
    this.coverage.clear();
    this.stubbed.clear();
  }

  oldest(kind: Droppable): number | undefined {
    if (kind === 'journalEntries') return this.filled > 0 ? this.at(0).age : undefined;
    return this.answersDropped < this.filled ? this.at(this.answersDropped).age : undefined;
  }

  dropOldest(kind: Droppable): number {
    if (kind === 'journalEntries') return this.dropFirst();
    const slot = this.at(this.answersDropped++);
    const bytes = slot.answerBytes;
    slot.answer = null;
    slot.answerBytes = 0;
    return bytes;
  }

  /** The i-th entry from the oldest. */
  private at(i: number): Slot {
    return this.slots[(this.start + i) % this.slots.length];
  }

  /** Drops the oldest entry (its answer leaves the budget with it) and gives back the bytes its entry was counted with. */
  private dropFirst(): number {
    const slot = this.at(0);
    if (slot.answerBytes > 0) this.budget?.release('journalAnswers', this, slot.answerBytes);
    const bytes = slot.entryBytes;
    // Let go of what the slot held until it is reused.
    slot.params = NO_PARAMS;
    slot.error = NO_ERRORS;
    slot.answer = null;
    slot.extra = undefined;
    slot.entryBytes = 0;
    slot.answerBytes = 0;
    this.start = (this.start + 1) % this.slots.length;
    this.filled--;
    if (this.answersDropped > 0) this.answersDropped--;
    return bytes;
  }

  /** The slot for a new entry: a new one while the journal grows, else the oldest, let go of first. */
  private nextSlot(): Slot {
    if (this.filled === this.limit) this.budget?.release('journalEntries', this, this.dropFirst());
    if (this.filled === this.slots.length) {
      // Full slots, below the limit: grow at the end, after putting the oldest first again when
      // the budget's drops moved it (only then: a copy per request would cost the journal's size).
      if (this.start !== 0) {
        this.slots = [...this.slots.slice(this.start), ...this.slots.slice(0, this.start)];
        this.start = 0;
      }
      this.slots.push(emptySlot());
    }
    this.filled++;
    return this.at(this.filled - 1);
  }
}

function emptySlot(): Slot {
  return {
    age: 0,
    time: 0,
    call: '',
    params: NO_PARAMS,
    plain: true,
    success: true,
    error: NO_ERRORS,
    durationMs: 0,
    answer: null,
    extra: undefined,
    entryBytes: 0,
    answerBytes: 0,
  };
}

function extraOf(recorded: Recorded): Extra | undefined {
  const { events, stub, proxied } = recorded;
  if ((events === undefined || events.length === 0) && stub === undefined && !proxied) return undefined;
  return {
    ...(events !== undefined && events.length > 0 && { events: events.slice(0, 1000) }),
    ...(stub !== undefined && { stub }),
    ...(proxied && { proxied: true as const }),
  };
}
