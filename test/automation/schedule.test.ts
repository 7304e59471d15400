// The daily run reads only the invoices scheduled for the day (nextChaseDay)
// after the first day of a catch-up. These runs check that this does what
// looking at every Unpaid invoice every day does: the same worlds advanced
// day by day with one Run for the whole catch-up, and with a new Run each day
// (whose first day looks at every Unpaid invoice), end in the same state.
import t from 'tap';
import { Run, runDay } from '../../src/domain/automation.js';
import { withSettingsMemo } from '../../src/domain/automationSettings.js';
import type { Collections } from '../../src/generated/wire.js';
import { shiftDate } from '../../src/lib/dates.js';
import { defaultFixturesDir } from '../../src/paths.js';
import { loadFixtures } from '../../src/store/fixtures.js';
import { Seed, World } from '../../src/store/world.js';

const FROM = '2026-11-21';
const DAYS = 500;

function advance(data: Collections, oneRun: boolean): Collections {
  const world = new World(new Seed(data));
  world.transaction(() =>
    withSettingsMemo(world, () => {
      const run = new Run(world);
      for (let i = 0, day = FROM; i < DAYS; i++, day = shiftDate(day, 1)) runDay(world, day, {}, oneRun ? run : new Run(world));
    }),
  );
  return world.snapshot();
}

const bundled = loadFixtures(defaultFixturesDir);
const allActive: Collections = {
  ...bundled,
  accounts: bundled.accounts.map((a) => (a.status === 'Pending' ? { ...a, status: 'Active' as const } : a)),
};
const variants: [string, Collections][] = [
  ['the bundled world', bundled],
  ['every pending service active', allActive],
  [
    'fees on invoices of their own, terminations that keep invoices, reminders far ahead',
    {
      ...allActive,
      product_automation: allActive.product_automation.map((p) => ({
        ...p,
        late_fee_separate_invoice: '1',
        terminate_cancel_invoices: '0',
        unpaid_reminder_days: '40',
        suspend_days: '0',
      })),
    },
  ],
  [
    'never suspended, credit applied',
    { ...allActive, client_automation: [{ id: '1', client_id: '0', suspend: '0', terminate: '0', auto_apply_credit: '1' }] },
  ],
];

for (const [name, data] of variants) {
  t.test(`${name}: one schedule for ${DAYS} days ends where looking at every invoice each day does`, async (t) => {
    const scheduled = advance(data, true);
    const everyDay = advance(data, false);
    t.ok(scheduled.automation_log.length > 0, 'the run did something');
    t.strictSame(scheduled, everyDay);
  });
}
