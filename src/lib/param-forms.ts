// Flags and dates as clients send them. A PHP installation reads a 0/1 flag
// the way PHP's filter_var(FILTER_VALIDATE_BOOLEAN) does, and strtotime reads
// an ISO date-time wherever a date is taken; clients lean on both (the n8n
// node sends domain_dns=true and next_due=2027-01-15T00:00:00). billsim reads
// them the same way, for every call, before the call's schema checks the
// request: a value in one of these forms becomes the form the schema takes,
// and anything else is left for the schema to refuse with its usual message.
// Which parameters are flags, dates or date-times is found from the schemas
// themselves (src/schema-forms.ts) and kept in src/generated/param-forms.ts.
import { formatDate, formatDateTime, isIsoDateTime, parseIsoDateTime } from './dates.js';

/** What a parameter's schema takes: a 0/1 flag, a date (YYYY-MM-DD) or a date-time (YYYY-MM-DD HH:MM:SS). */
export type ParamForm = 'flag' | 'date' | 'datetime';

/**
 * A parameter's place in a request: its key, then the keys inside it
 * (`filter[status]` is ["filter", "status"]); "*" stands for every entry of a
 * list or of a set keyed by the client.
 */
export type ParamPath = readonly string[];

/** The words read as a flag, in any letter case: PHP's FILTER_VALIDATE_BOOLEAN, less its empty string. */
export const FLAG_WORDS: Readonly<Record<string, '0' | '1'>> = {
  true: '1',
  on: '1',
  yes: '1',
  false: '0',
  off: '0',
  no: '0',
};

/** A flag as "1" or "0" when it is one of FLAG_WORDS or a JSON boolean; any other value as it came. */
export function readFlag(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value !== 'string') return value;
  return Object.hasOwn(FLAG_WORDS, value.toLowerCase()) ? FLAG_WORDS[value.toLowerCase()] : value;
}

/**
 * An ISO 8601 date-time (2027-01-15T00:00:00, with a fraction, Z or an
 * offset) in the form the parameter takes: its moment in UTC, as a date or a
 * date-time, never past 9999-12-31 23:59:59 (src/lib/dates.ts LAST_MOMENT).
 * Anything else, a T form naming no real moment (2027-02-30T00:00:00,
 * 2027-01-15T25:00:00) included, as it came, for the schema to refuse.
 */
export function readIsoDate(value: unknown, form: 'date' | 'datetime'): unknown {
  if (typeof value !== 'string' || !isIsoDateTime(value)) return value;
  const at = parseIsoDateTime(value);
  if (!at) return value;
  return form === 'date' ? formatDate(at) : formatDateTime(at);
}

/** A value read in a form; what is not in it stays as it came. */
export function readForm(form: ParamForm, value: unknown): unknown {
  return form === 'flag' ? readFlag(value) : readIsoDate(value, form);
}

function readAt(value: unknown, path: ParamPath, form: ParamForm): unknown {
  if (path.length === 0) return readForm(form, value);
  const [key, ...rest] = path;
  if (key === '*') {
    if (Array.isArray(value)) return value.map((entry) => readAt(entry, rest, form));
    // A single value where a list is taken: the schema's validation makes it a list of one.
    if (typeof value !== 'object' || value === null) return readAt(value, rest, form);
    return Object.fromEntries(Object.entries(value).map(([k, entry]) => [k, readAt(entry, rest, form)]));
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !Object.hasOwn(value, key)) return value;
  const record = value as Record<string, unknown>;
  const read = readAt(record[key], rest, form);
  return read === record[key] ? value : { ...record, [key]: read };
}

/**
 * The request with every flag, date and date-time at `places` read as clients
 * send them (FLAG_WORDS, ISO date-times). Nothing is changed in place: a
 * rewritten level is a copy, so the request as it arrived stays for the journal.
 */
export function readParamForms<T extends Record<string, unknown>>(params: T, places: ReadonlyArray<readonly [ParamPath, ParamForm]>): T {
  let out: unknown = params;
  for (const [path, form] of places) out = readAt(out, path, form);
  return out as T;
}
