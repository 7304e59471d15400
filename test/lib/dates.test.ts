import t from 'tap';
import { dateOfDay, dayNumber, formatDate, formatDateTime, parseDateAtTimeOf } from '../../src/lib/dates.js';

const CLOCK = new Date('2026-11-20T12:34:56Z');

t.test("a date alone takes the clock's time of day; a full time is kept", async (t) => {
  t.strictSame(parseDateAtTimeOf('2026-11-18', CLOCK), new Date('2026-11-18T12:34:56Z'));
  t.strictSame(parseDateAtTimeOf('2026-11-18 09:30:00', CLOCK), new Date('2026-11-18T09:30:00Z'));
  t.strictSame(parseDateAtTimeOf('2024-02-29', CLOCK), new Date('2024-02-29T12:34:56Z'), 'a leap day');
});

t.test('no such day or time is undefined', async (t) => {
  t.equal(parseDateAtTimeOf('2026-02-29', CLOCK), undefined);
  t.equal(parseDateAtTimeOf('2026-11-31', CLOCK), undefined);
  t.equal(parseDateAtTimeOf('2026-11-20 24:00:00', CLOCK), undefined);
  t.equal(parseDateAtTimeOf('20-11-2026', CLOCK), undefined);
  t.equal(parseDateAtTimeOf('2026-11-20T25:00:00Z', CLOCK), undefined);
  t.equal(parseDateAtTimeOf('2026-02-30T10:00:00Z', CLOCK), undefined);
});

t.test('ISO 8601 date-times (what n8n dateTime fields send) are read in their zone, UTC without one', async (t) => {
  t.strictSame(parseDateAtTimeOf('2026-11-20T10:00:00', CLOCK), new Date('2026-11-20T10:00:00Z'));
  t.strictSame(parseDateAtTimeOf('2026-11-20T10:00:00.250Z', CLOCK), new Date('2026-11-20T10:00:00.250Z'));
  t.strictSame(parseDateAtTimeOf('2026-11-20T12:00:00+02:00', CLOCK), new Date('2026-11-20T10:00:00Z'));
  t.strictSame(parseDateAtTimeOf('2026-11-20T05:30:00-0430', CLOCK), new Date('2026-11-20T10:00:00Z'));
});

t.test('wire dates end at 9999-12-31 23:59:59: a moment past it shows as that, never as an extended year', async (t) => {
  t.equal(formatDate(new Date('9999-12-31T18:00:00Z')), '9999-12-31');
  t.equal(formatDate(new Date(Date.UTC(10000, 0, 1))), '9999-12-31', 'the day after the last');
  t.equal(formatDate(new Date(Date.UTC(10001, 5, 1))), '9999-12-31');
  t.equal(formatDateTime(new Date(Date.UTC(10000, 0, 1, 0, 0, 1))), '9999-12-31 23:59:59');
  t.equal(formatDateTime(new Date('9999-12-31T23:59:58Z')), '9999-12-31 23:59:58', 'the second before the last is itself');
});

t.test('day numbers and their dates go both ways, to the last day', async (t) => {
  for (const day of ['1970-01-01', '2024-02-29', '2026-11-27', '9999-12-30', '9999-12-31']) {
    t.equal(dateOfDay(dayNumber(day)), day);
  }
  t.equal(dayNumber('9999-12-31') - dayNumber('9999-12-30'), 1);
});
