// What a session was sent: a bounded request journal (newest first on read)
// and per-call counters. Secrets are redacted before anything is kept.

import type { CallCoverage, JournalEntry } from '../generated/wire.js';
import { type MemoryBudget, textBytes } from './memory.js';

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

function copy(value: unknown, depth: number, budget: { left: number }, content = false): unknown {
  if (depth > 10) return REDACTED;
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

/** An entry as kept: the answer as a one-byte text or as UTF-8 bytes (see kept()), null once dropped. */
interface Kept {
  entry: Omit<JournalEntry, 'answer'>;
  answer: string | Buffer | null;
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

export class Journal {
  /** Oldest first from `head`; the slots before it are dropped entries, cleared now and then. */
  private entries: Kept[] = [];
  private head = 0;
  readonly coverage = new Map<string, CallCoverage>();
  /** The requests stubs answered, by call, apart from the simulation's. */
  readonly stubbed = new Map<string, CallCoverage>();

  constructor(
    readonly limit = DEFAULT_JOURNAL_LIMIT,
    private readonly budget?: MemoryBudget,
  ) {}

  /** Records a request; `bytes` are its answer's UTF-8 bytes when they were made to send it (kept instead of a copy). */
  record(full: JournalEntry, bytes?: Buffer): void {
    // The call name and messages echo client text (an unknown call's name), so they are cut like parameters.
    // Built field by field: a rest pattern takes V8's slow path, and this runs on every request.
    const entry: Omit<JournalEntry, 'answer'> = {
      time: full.time,
      call: cut(full.call),
      params: full.params,
      success: full.success,
      error: full.error.slice(0, 10).map(cut),
      durationMs: full.durationMs,
    };
    if (full.events !== undefined && full.events.length > 0) entry.events = full.events.slice(0, 1000);
    if (full.stub !== undefined) entry.stub = full.stub;
    if (full.proxied) entry.proxied = true;
    this.count(entry);
    if (this.limit <= 0) return;
    const stored: Kept = { entry, answer: kept(full.answer, bytes) };
    this.entries.push(stored);
    if (this.entries.length - this.head > this.limit) this.dropOldest();
    if (!this.budget) return;
    let texts = entry.call.length + paramChars(entry.params);
    for (const message of entry.error) texts += message.length;
    // Added after the oldest went: the budget may drop this very entry's answer, never one already gone.
    this.budget.add('journalEntries', stored, ENTRY_BYTES + 2 * texts, () => this.dropOldest(stored));
    this.budget.add('journalAnswers', stored.entry, ANSWER_BYTES + stored.answer!.length, () => {
      stored.answer = null;
    });
  }

  /** Counts a request where coverage shows it: the simulation's, or the stubs'; a proxied one ran neither. */
  private count(entry: Omit<JournalEntry, 'answer'>): void {
    if (entry.proxied) return;
    const counted = entry.stub === undefined ? this.coverage : this.stubbed;
    const key = counted.has(entry.call) || counted.size < COVERAGE_LIMIT ? entry.call : OTHER_CALLS;
    const counts = counted.get(key) ?? { requests: 0, successes: 0, errors: 0 };
    counts.requests++;
    if (entry.success) counts.successes++;
    else counts.errors++;
    counted.set(key, counts);
  }

  /** Newest first, optionally only one call, at most `limit` entries. */
  list(call?: string, limit = this.limit): JournalEntry[] {
    const out: JournalEntry[] = [];
    for (let i = this.entries.length - 1; i >= this.head && out.length < limit; i--) {
      const { entry, answer } = this.entries[i];
      if (call && entry.call !== call) continue;
      out.push({ ...entry, answer: answer === null ? ANSWER_DROPPED : typeof answer === 'string' ? answer : answer.toString() });
    }
    return out;
  }

  /** How many entries are kept now. */
  get size(): number {
    return this.entries.length - this.head;
  }

  clear(): void {
    if (this.budget) for (let i = this.head; i < this.entries.length; i++) this.forget(this.entries[i]);
    this.entries = [];
    this.head = 0;
    this.coverage.clear();
    this.stubbed.clear();
  }

  /** Drops the oldest entry, or `which` (the budget drops the oldest entry of all sessions, which is this journal's oldest). */
  private dropOldest(which?: Kept): void {
    const at = which ? this.entries.indexOf(which, this.head) : this.head;
    if (at < 0 || at >= this.entries.length) return;
    this.forget(this.entries[at]);
    if (at !== this.head) {
      this.entries.splice(at, 1);
      return;
    }
    this.entries[this.head++] = undefined as unknown as Kept;
    // The dropped slots are given back once they are half the list.
    if (this.head > 64 && this.head * 2 > this.entries.length) {
      this.entries = this.entries.slice(this.head);
      this.head = 0;
    }
  }

  private forget(kept: Kept): void {
    this.budget?.remove('journalEntries', kept);
    this.budget?.remove('journalAnswers', kept.entry);
  }
}
