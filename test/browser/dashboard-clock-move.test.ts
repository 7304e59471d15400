// A long clock move from the dashboard: while its days run, the page shows how
// far they got and a button that stops them; the clock then stands on the last
// day that ran. The world is generated (1,000 services), so that a century of
// days takes long enough to be seen and cancelled.
import t from 'tap';
import type { Page } from 'puppeteer-core';
import { screenshot } from './chromium.js';
import { dashboard, waitForText } from './dashboard-page.js';
import { loadFixtures } from '../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../src/paths.js';
import type { Collections } from '../../src/generated/wire.js';
import { SCALED, WorldGenerator } from '../../scripts/generate/world.js';

/**
 * The bundled world grown to `invoices` invoices (1,000 services a 20,000), in
 * memory, with every service Active and never suspended or terminated: each
 * month renews them all, so a century of days takes far longer than the test.
 */
function generated(invoices: number): Collections {
  const base = loadFixtures(defaultFixturesDir);
  const rows = Object.fromEntries(SCALED.map((name) => [name, [] as object[]]));
  new WorldGenerator(base, invoices, 1, (name, row) => rows[name].push(row)).run();
  const data = { ...base, ...rows } as Collections;
  return {
    ...data,
    accounts: data.accounts.map((a) => ({ ...a, status: 'Active' as const })),
    client_automation: [{ id: '1', client_id: '0', suspend: '0', terminate: '0', auto_apply_credit: '1' }],
  };
}

/** Whether an element takes room on the page (hidden by its attribute or by its style, it does not). */
const shows = (page: Page, selector: string) => page.$eval(selector, (e) => (e as HTMLElement).getClientRects().length > 0);

const board = await dashboard(t, { now: new Date('2026-11-20T12:00:00Z'), data: generated(20_000) });

if (board) {
  t.test('a move of a century shows its progress and is cancelled from the page', async (t) => {
    const page = await board.open(t, 'decade', { hash: 'clock' });
    await waitForText(page, '#clock-now', '2026-11-20 12:00:00 UTC, frozen');
    await page.$eval('#clock-set', (input) => ((input as HTMLInputElement).value = ''));
    await page.type('#clock-set', '2126-11-20 12:00:00');
    await page.click('#clock-form button[type="submit"]');
    const shown = await waitForText(
      page,
      '#clock-moving-text',
      /Billing automation running: [\d,]+ of 36,524 days done \(up to \d{4}-\d{2}-\d{2}, moving to 2126-11-20\)/,
      20_000,
    );
    t.ok(await shows(page, '#clock-moving'), 'the progress shows');
    const done = Number(/running: ([\d,]+) of/.exec(shown)![1].replaceAll(',', ''));
    t.ok(done < 36524, `${done} days done when it showed`);
    const bar = await page.$eval('#clock-progress', (e) => [(e as HTMLProgressElement).value, (e as HTMLProgressElement).max]);
    t.equal(bar[1], 36524);
    await screenshot(t, page, 'dashboard-clock-moving');

    // Another session answers while the move runs.
    const other = await board.api('other', 'getCurrencies');
    t.equal(other.success, true);

    await page.click('#clock-cancel');
    const ran = await waitForText(
      page,
      '#clock-ran',
      /Billing automation ran [\d,]+ days?: .* The move was cancelled: the clock stands on the last day that ran\./,
      20_000,
    );
    const days = Number(/ran ([\d,]+) day/.exec(ran)![1].replaceAll(',', ''));
    t.ok(days > 0 && days < 36524, `${days} days ran`);
    const clock: any = await (await fetch(`${board.origin}/__billsim/clock`, { headers: { 'x-billsim-session': 'decade' } })).json();
    const automation: any = await (
      await fetch(`${board.origin}/__billsim/automation?limit=1`, { headers: { 'x-billsim-session': 'decade' } })
    ).json();
    t.equal(clock.now, `${automation.last_run} 12:00:00`, 'the clock stands on the last day that ran');
    t.equal(
      Date.parse(`${automation.last_run}T00:00:00Z`) / 86_400_000 - Date.UTC(2026, 10, 20) / 86_400_000,
      days,
      'every day up to it ran',
    );
    await waitForText(page, '#clock-now', `${clock.now} UTC, frozen`);
    t.notOk(await shows(page, '#clock-moving'), 'the progress is gone');
    await screenshot(t, page, 'dashboard-clock-cancelled');
  });
}
