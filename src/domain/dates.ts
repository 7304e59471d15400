// Dates on the wire are UTC: YYYY-MM-DD and YYYY-MM-DD HH:MM:SS; unset dates are all zeros.
export const ZERO_DATE = '0000-00-00';
export const ZERO_DATETIME = '0000-00-00 00:00:00';

export function formatDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

// The last second formatted: every request's journal entry formats the
// current time, and toISOString showed in profiles.
let lastSecond = NaN;
let lastText = '';

export function formatDateTime(date: Date): string {
  const second = Math.floor(date.getTime() / 1000);
  if (second !== lastSecond) {
    lastText = date.toISOString().slice(0, 19).replace('T', ' ');
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
 * Parses YYYY-MM-DD HH:MM:SS, or a date alone at `clock`'s time of day (a
 * payment dated today lands at the current time, not at midnight); undefined
 * when it is not a real calendar date and time.
 */
export function parseDateAtTimeOf(text: string, clock: Date): Date | undefined {
  if (text.length > 10) return parseDateTime(text);
  return parseDateTime(`${text} ${clock.toISOString().slice(11, 19)}`);
}

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
