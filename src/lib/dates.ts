// Dates on the wire are UTC: YYYY-MM-DD and YYYY-MM-DD HH:MM:SS; unset dates are all zeros.
export const ZERO_DATE = '0000-00-00';
export const ZERO_DATETIME = '0000-00-00 00:00:00';

/**
 * The last moment a wire date can show: dates have four-digit years, so a date
 * a rule moves past it (a renewal due in 10000) shows as 9999-12-31, never as
 * an extended year ("+010000-01") that sorts before every other date.
 */
export const LAST_MOMENT = Date.UTC(9999, 11, 31, 23, 59, 59);

const onTheWire = (date: Date): Date => (date.getTime() > LAST_MOMENT ? new Date(LAST_MOMENT) : date);

export function formatDate(date: Date): string {
  return onTheWire(date).toISOString().slice(0, 10);
}

// The last second formatted: every request's journal entry formats the
// current time, and toISOString showed in profiles.
let lastSecond = NaN;
let lastText = '';

export function formatDateTime(date: Date): string {
  const second = Math.floor(date.getTime() / 1000);
  if (second !== lastSecond) {
    lastText = onTheWire(date).toISOString().slice(0, 19).replace('T', ' ');
    lastSecond = second;
  }
  return lastText;
}

/** Parses YYYY-MM-DD[ HH:MM:SS] as UTC; undefined when it is not a real calendar date. */
export function parseDateTime(text: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(text);
  if (!match) return undefined;
  const [y, mo, d, h = '0', mi = '0', s = '0'] = match.slice(1);
  const date = new Date(Date.UTC(+y, +mo - 1, +d, +h, +mi, +s));
  const same =
    date.getUTCFullYear() === +y &&
    date.getUTCMonth() === +mo - 1 &&
    date.getUTCDate() === +d &&
    date.getUTCHours() === +h &&
    date.getUTCMinutes() === +mi &&
    date.getUTCSeconds() === +s;
  return same ? date : undefined;
}

/**
 * Parses an ISO 8601 date-time as a moment (2026-11-20T10:00:00, with a
 * fraction of a second, Z or an offset such as +02:00; no zone means UTC, as
 * every billsim date is); undefined when the text is not one or names no real
 * calendar date and time.
 */
export function parseIsoDateTime(text: string): Date | undefined {
  const iso = ISO_DATE_TIME.exec(text);
  if (!iso) return undefined;
  const [, date, time, fraction = '', zone = 'Z'] = iso;
  const at = parseDateTime(`${date} ${time}`);
  if (!at) return undefined;
  const offset = zone === 'Z' ? 0 : (zone[0] === '-' ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(-2)));
  return new Date(at.getTime() + Math.trunc(Number(`0${fraction}`) * 1000) - offset * 60_000);
}

/** Whether the text has the shape of an ISO 8601 date-time (2026-11-20T10:00:00...), a real date or not. */
export function isIsoDateTime(text: string): boolean {
  return ISO_DATE_TIME.test(text);
}

/**
 * Parses YYYY-MM-DD HH:MM:SS, an ISO 8601 date-time (2026-11-20T10:00:00.000Z,
 * 2026-11-20T12:00:00+02:00), or a date alone at `clock`'s time of day (a
 * payment dated today lands at the current time, not at midnight); undefined
 * when it is not a real calendar date and time.
 */
export function parseDateAtTimeOf(text: string, clock: Date): Date | undefined {
  // An ISO 8601 date-time (n8n's dateTime fields).
  if (isIsoDateTime(text)) return parseIsoDateTime(text);
  if (text.length > 10) return parseDateTime(text);
  return parseDateTime(`${text} ${clock.toISOString().slice(11, 19)}`);
}

const ISO_DATE_TIME = /^([0-9]{4}-[0-9]{2}-[0-9]{2})T([0-9]{2}:[0-9]{2}:[0-9]{2})(\.[0-9]{1,6})?(Z|[+-][0-9]{2}:?[0-9]{2})?$/;

/** Adds whole months, clamping to the month's last day (Jan 31 + 1 month = Feb 28/29) and keeping the time of day. */
export function addMonths(date: Date, months: number): Date {
  const day = date.getUTCDate();
  const result = new Date(date.getTime());
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const last = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, last));
  return result;
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}

// The daily automation compares the same few hundred dates millions of times.
const dayNumbers = new Map<string, number>();

/** A YYYY-MM-DD date as whole days since 1970-01-01. */
export function dayNumber(date: string): number {
  let n = dayNumbers.get(date);
  if (n === undefined) {
    n = Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
    if (dayNumbers.size > 100_000) dayNumbers.clear();
    dayNumbers.set(date, n);
  }
  return n;
}

/** Whole days from one YYYY-MM-DD date to another (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** The YYYY-MM-DD date of a day number (whole days since 1970-01-01). */
export function dateOfDay(day: number): string {
  return formatDate(new Date(day * 86_400_000));
}

/** A YYYY-MM-DD date moved by whole days. */
export function shiftDate(date: string, days: number): string {
  return formatDate(addDays(new Date(`${date}T00:00:00Z`), days));
}

/** Seconds since 1970 (the wire's server_time). */
export function unixTime(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
