import t from 'tap';
import {
  addPeriods,
  CYCLE_NAMES,
  cycleCode,
  cyclePriceCents,
  draftCycleName,
  firstPeriod,
  isRecurring,
  nextDueDate,
  offeredCycles,
  type Priced,
  RECURRING_CYCLES,
} from '../../src/domain/cycles.js';

const utc = (text: string) => new Date(`${text}Z`);

function priced(paytype: string, prices: Partial<Record<string, string>> = {}): Priced {
  const row: Record<string, string> = { paytype };
  for (const cycle of RECURRING_CYCLES) {
    row[cycle] = prices[cycle] ?? '0.00';
    row[`${cycle}_setup`] = prices[`${cycle}_setup`] ?? '0.00';
  }
  return row as Priced;
}

t.test('every code has one wire name and back', async (t) => {
  for (const [code, name] of Object.entries(CYCLE_NAMES)) t.equal(cycleCode(name), code, `${name} -> ${code}`);
  t.equal(cycleCode('Once'), 'Once', 'records that say "Once" mean a one-time charge too');
  t.equal(cycleCode('Fortnightly'), undefined);
  t.strictSame(
    ['m', 's', 'Once', 'Free'].map((c) => draftCycleName(c as never)),
    ['monthly', 'semi-annually', 'once', 'free'],
    'drafts show lower-case names, a one-time charge as "once"',
  );
  t.notOk(isRecurring('Once'));
  t.notOk(isRecurring('Free'));
  t.ok(isRecurring('h'));
});

t.test('periods: months clamp to the month end, hourly is an hour', async (t) => {
  t.equal(addPeriods(utc('2026-01-31T10:00:00'), 'm').toISOString(), '2026-02-28T10:00:00.000Z', 'Jan 31 + 1 month = Feb 28');
  t.equal(addPeriods(utc('2028-01-31T10:00:00'), 'm').toISOString(), '2028-02-29T10:00:00.000Z', 'leap year');
  t.equal(addPeriods(utc('2026-11-20T10:00:00'), 'a', 2).toISOString(), '2028-11-20T10:00:00.000Z', 'two annual periods');
  t.equal(addPeriods(utc('2026-11-20T10:00:00'), 'w').toISOString(), '2026-11-27T10:00:00.000Z');
  t.equal(addPeriods(utc('2026-11-20T10:00:00'), 'h').toISOString(), '2026-11-20T11:00:00.000Z');
  t.equal(nextDueDate('h', utc('2026-11-20T22:59:00')), '2026-11-20', 'an hour later is still today');
  t.equal(nextDueDate('h', utc('2026-11-20T23:30:00')), '2026-11-21', 'or tomorrow, near midnight');
  t.equal(nextDueDate('q', utc('2026-11-30T00:00:00')), '2027-02-28');
  t.equal(nextDueDate('Once', utc('2026-11-30T00:00:00')), '0000-00-00', 'a one-time charge is never due again');
});

t.test('the first period ends the day before the next due date, never before it starts', async (t) => {
  t.strictSame(firstPeriod('m', utc('2026-11-05T00:00:00')), { from: '2026-11-05', to: '2026-12-04' });
  t.strictSame(firstPeriod('d', utc('2026-11-05T00:00:00')), { from: '2026-11-05', to: '2026-11-05' });
  t.strictSame(firstPeriod('h', utc('2026-11-05T00:00:00')), { from: '2026-11-05', to: '2026-11-05' });
  t.strictSame(firstPeriod('Free', utc('2026-11-05T00:00:00')), { from: '0000-00-00', to: '0000-00-00' });
});

t.test('which cycles a product or addon offers, and at what price', async (t) => {
  const regular = priced('Regular', { m: '5.00', a: '50.00', a_setup: '10.00' });
  t.strictSame(offeredCycles(regular), ['m', 'a'], 'each recurring cycle priced above 0.00, in record order');
  t.strictSame(offeredCycles(priced('Once', { m: '99.00' })), ['Once']);
  t.strictSame(offeredCycles(priced('Free')), ['Free']);
  t.strictSame(offeredCycles(priced('DomainRegular', { a: '12.00' })), [], 'a TLD is priced per period, not per cycle');
  t.strictSame(cyclePriceCents(regular, 'a'), { price: 5000, setup: 1000 });
  t.strictSame(
    cyclePriceCents(priced('Once', { m: '99.00', m_setup: '1.00' }), 'Once'),
    { price: 9900, setup: 100 },
    'one-time price in m',
  );
  t.strictSame(cyclePriceCents(regular, 'Free'), { price: 0, setup: 0 });
});
