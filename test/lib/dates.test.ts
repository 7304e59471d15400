import t from 'tap';
import { parseDateAtTimeOf } from '../../src/lib/dates.js';

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
