// Time passing from the dashboard: advancing the session clock 30 days runs
// the billing automation, whose renewal invoices show in the state browser and
// whose e-mails show in the outbox. Needs POST /__billsim/clock { advanceDays }
// and GET /__billsim/automation (the billing clock).
import t from 'tap';
import { screenshot } from './chromium.js';
import { chooseCollection, dashboard, section, waitForText } from './dashboard-page.js';

const board = await dashboard(t, { now: new Date('2026-11-20T12:00:00Z') });

if (board) {
  t.test('advancing 30 days from the page shows the renewal invoices and their e-mails', async (t) => {
    const page = await board.open(t, 'month', { hash: 'clock' });
    await waitForText(page, '#clock-now', '2026-11-20 12:00:00 UTC, frozen');
    const before: any = await (await fetch(`${board.origin}/__billsim/state`, { headers: { 'x-billsim-session': 'month' } })).json();
    const invoices = before.collections.find((c: { name: string }) => c.name === 'invoices').rows;

    await page.click('#clock button[data-days="30"]');
    await waitForText(page, '#clock-now', '2026-12-20 12:00:00 UTC, frozen');
    const ran = await waitForText(page, '#clock-ran', /Billing automation ran 30 days: .*invoice created: \d+/);
    t.match(ran, /invoice created: [1-9]/, 'renewal invoices were created');
    // The log comes ten entries a page, newest first: the renewals are a few pages back.
    await waitForText(page, '#automation', /Entries 1 to 10/);
    const log = () => page.$eval('#automation', (e) => e.textContent ?? '');
    let turns = 0;
    while (!(await log()).includes('invoice created') && turns < 10) {
      turns++;
      await page.click('#automation nav button:last-child');
      await waitForText(page, '#automation', `Entries ${turns * 10 + 1} to`);
    }
    t.match(await log(), 'invoice created', `the renewals ${turns} page(s) back`);
    await screenshot(t, page, 'dashboard-clock');

    await chooseCollection(page, 'invoices');
    const label = await waitForText(page, '#state-collection', /invoices \(\d+\)/);
    const now = Number(/invoices \((\d+)\)/.exec(label)![1]);
    t.ok(now > invoices, `invoices grew from ${invoices} to ${now}`);
    await page.click('#state-page tbody button');
    const record = await waitForText(page, '#state-record', 'Pointing here');
    t.match(record, /Domain Renew|Hosting/, 'the newest invoice is a renewal');
    t.match(record, /2026-12-/, 'dated within the 30 days');
    await screenshot(t, page, 'dashboard-clock-invoice');

    await section(page, 'outbox');
    await waitForText(page, '#outbox-list', 'Invoice Created');
    await screenshot(t, page, 'dashboard-clock-outbox');
  });
}
