// What a session was sent: a bounded request journal (newest first on read)
// and per-call counters. Secrets are redacted before anything is kept.

export interface JournalEntry {
  time: string;
  call: string;
  params: Record<string, unknown>;
  success: boolean;
  error: string[];
  durationMs: number;
}

export interface CallCoverage {
  requests: number;
  successes: number;
  errors: number;
}

export const DEFAULT_JOURNAL_LIMIT = 1000;
export const REDACTED = '[redacted]';
const SECRET = /^(api_key|pass(word)?\d*|cardnum(ber)?|card_?number|cvv2?|cvc|token|card_?token|epp_?code|expdate|secret)$/i;

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 10) return REDACTED;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = SECRET.test(key) ? REDACTED : redact(v, depth + 1);
  return out;
}

export class Journal {
  private entries: JournalEntry[] = [];
  private start = 0; // ring buffer head once full
  readonly coverage = new Map<string, CallCoverage>();

  constructor(readonly limit = DEFAULT_JOURNAL_LIMIT) {}

  record(entry: JournalEntry): void {
    const counts = this.coverage.get(entry.call) ?? { requests: 0, successes: 0, errors: 0 };
    counts.requests++;
    if (entry.success) counts.successes++;
    else counts.errors++;
    this.coverage.set(entry.call, counts);
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
  }
}
