// What a session was sent: a bounded request journal (newest first on read)
// and per-call counters. Secrets are redacted before anything is kept.

import type { CallCoverage, JournalEntry } from '../generated/wire.js';

export type { CallCoverage, JournalEntry };

export const DEFAULT_JOURNAL_LIMIT = 1000;
export const REDACTED = '[redacted]';
/** Names of parameters and fields whose values are secrets: the journal keeps none, the dashboard shows none. */
export const SECRET = /^(api_key|pass(word)?\d*|cardnum(ber)?|card_?number|cvv2?|cvc|token|card_?token|hash|epp_?code|expdate|secret)$/i;

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
  // A copy, not a slice: V8 slices keep the whole answer alive.
  return extra > 0 ? `${Buffer.from(text.slice(0, JOURNAL_ANSWER_LIMIT)).toString()}...[${extra} more characters]` : text;
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

export class Journal {
  private entries: JournalEntry[] = [];
  private start = 0; // ring buffer head once full
  readonly coverage = new Map<string, CallCoverage>();
  /** The requests stubs answered, by call, apart from the simulation's. */
  readonly stubbed = new Map<string, CallCoverage>();

  constructor(readonly limit = DEFAULT_JOURNAL_LIMIT) {}

  record(full: JournalEntry): void {
    // The call name and messages echo client text (an unknown call's name), so they are cut like parameters.
    const entry = { ...full, call: cut(full.call), error: full.error.slice(0, 10).map(cut), answer: cutAnswer(full.answer) };
    const counted = entry.stub === undefined ? this.coverage : this.stubbed;
    const key = counted.has(entry.call) || counted.size < COVERAGE_LIMIT ? entry.call : OTHER_CALLS;
    const counts = counted.get(key) ?? { requests: 0, successes: 0, errors: 0 };
    counts.requests++;
    if (entry.success) counts.successes++;
    else counts.errors++;
    counted.set(key, counts);
    if (this.limit <= 0) return;
    if (this.entries.length < this.limit) this.entries.push(entry);
    else {
      this.entries[this.start] = entry;
      this.start = (this.start + 1) % this.limit;
    }
  }

  /** Newest first, optionally only one call, at most `limit` entries. */
  list(call?: string, limit = this.limit): JournalEntry[] {
    const ordered = [...this.entries.slice(this.start), ...this.entries.slice(0, this.start)].reverse();
    return (call ? ordered.filter((e) => e.call === call) : ordered).slice(0, limit);
  }

  clear(): void {
    this.entries = [];
    this.start = 0;
    this.coverage.clear();
    this.stubbed.clear();
  }
}
