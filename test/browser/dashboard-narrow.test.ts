// The dashboard on a phone (390 px) and a desktop (1280 px) after a session
// has lived 60 simulated days: no table cell splits a word across lines, the
// page never scrolls sideways, the Clock page's automation log comes a page at
// a time, and journal entries of another simulated day show their date.
import t from 'tap';
import type { Page } from 'puppeteer-core';
import { screenshot } from './chromium.js';
import { dashboard, scrollWidth, section, waitForText } from './dashboard-page.js';

const board = await dashboard(t, { now: new Date('2026-11-20T12:00:00Z') });

/**
 * Words of the shown section's table cells and journal lines that the browser
 * split across two lines although they fit on one line of their box. A word
 * longer than its whole box may break: nothing else could show it. Words are
 * what lies between spaces and hyphens, since a line may break after a hyphen
 * ("keller-" above "maschinenbau.de"); a date is one word ("2027-01-" above
 * "23" is the kind of split this looks for).
 */
function splitWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const { document, NodeFilter } = globalThis as any;
    const found: string[] = [];
    const boxes = document.querySelectorAll('main section:not([hidden]) td, main section:not([hidden]) .entries button');
    for (const box of boxes) {
      const style = (globalThis as any).getComputedStyle(box);
      const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of node.data.matchAll(/\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?|[^\s-]+-?|-/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const rects = [...range.getClientRects()].filter((r: any) => r.width > 0);
          const lines = new Set(rects.map((r: any) => Math.round(r.top)));
          const width = rects.reduce((sum: number, r: any) => sum + r.width, 0);
          if (lines.size > 1 && width <= room) found.push(match[0]);
        }
      }
    }
    return found;
  });
}

/** The page's whole height in px. */
function height(page: Page): Promise<number> {
  return page.evaluate(() => (globalThis as any).document.documentElement.scrollHeight as number);
}

async function control(method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${board!.origin}/__billsim${path}`, {
    method,
    headers: { 'x-billsim-session': 'lived', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.json();
}

if (board) {
  // A session as a developer leaves it: calls on the first day, a fault, a
  // stub, a snapshot, 60 days of automation, then calls on the last day.
  t.before(async () => {
    await board.api('lived', 'getInvoiceDetails', { id: '1' });
    await board.api('lived', 'getClientDetails', { id: '1' });
    await control('POST', '/faults', { call: 'getInvoiceDetails', error: ['Database unavailable'], times: 1 });
    await board.api('lived', 'getInvoiceDetails', { id: '2' });
    await control('POST', '/faults', { call: 'getClientDetails', error: ['Database unavailable'], status: 503 });
    await control('POST', '/stubs', { call: 'getKBCategories', answer: { categories: [] }, times: 5 });
    await control('POST', '/snapshots/first-day');
    const set = await control('POST', '/clock', { advanceDays: 60 });
    if (set.now !== '2027-01-19 12:00:00') throw new Error(`the clock moved to ${set.now}`);
    await board.api('lived', 'getInvoices', { page: '0' });
  });

  t.test('at 390 px no cell splits a word, and the page never scrolls sideways', async (t) => {
    const page = await board.open(t, 'lived', { width: 390 });
    await waitForText(page, '#requests-list', 'getInvoices');
    await page.click('#requests-list li button');
    await waitForText(page, '#request-detail', 'Answer');
    for (const name of ['requests', 'faults', 'stubs', 'clock', 'snapshots', 'state', 'outbox', 'sessions']) {
      await section(page, name);
      if (name === 'faults') await waitForText(page, '#faults-list', 'Remove');
      if (name === 'stubs') await waitForText(page, '#stubs-list', 'getKBCategories');
      if (name === 'clock') await waitForText(page, '#automation', 'Entries 1 to 10');
      if (name === 'snapshots') await waitForText(page, '#snapshots-list', 'first-day');
      if (name === 'state') {
        await page.waitForSelector('#state-page tbody button');
        await page.click('#state-page tbody button');
        await waitForText(page, '#state-record', 'Pointing here');
      }
      if (name === 'outbox') await waitForText(page, '#outbox-list', '2027-');
      if (name === 'sessions') await waitForText(page, '#sessions-list', 'lived (shown)');
      t.strictSame(await splitWords(page), [], `${name}: no word split across lines`);
      t.ok((await scrollWidth(page)) <= 390, `${name}: ${await scrollWidth(page)} px wide`);
      await screenshot(t, page, `dashboard-narrow-390-${name}`);
    }
  });

  t.test('the automation log of 60 days comes ten entries a page', async (t) => {
    const page = await board.open(t, 'lived', { width: 390, hash: 'clock' });
    await waitForText(page, '#automation', 'Entries 1 to 10');
    const { entries } = await control('GET', '/automation?limit=1000');
    t.ok(entries.length > 20, `the automation did ${entries.length} things in 60 days`);
    t.equal(await page.$$eval('#automation tbody tr', (rows) => rows.length), 10);
    const tall = await height(page);
    t.ok(tall < 3000, `the Clock page is ${tall} px tall at 390 px`);
    const first = await page.$eval('#automation tbody tr', (row) => row.textContent ?? '');
    t.match(first, entries[0].day, 'the newest entry first');

    await page.click('#automation nav button:last-child');
    await waitForText(page, '#automation', 'Entries 11 to 20');
    const eleventh = await page.$eval('#automation tbody tr', (row) => row.textContent ?? '');
    t.match(eleventh, entries[10].reason, 'the next page starts with the eleventh entry');
    t.equal(await page.$eval('#automation nav button:first-child', (b) => (b as any).disabled), false, 'Newer goes back');
    await page.click('#automation nav button:first-child');
    await waitForText(page, '#automation', 'Entries 1 to 10');
    t.equal(await page.$eval('#automation nav button:first-child', (b) => (b as any).disabled), true, 'no newer page than the first');
  });

  t.test('the outbox of 60 days comes twenty e-mails a page', async (t) => {
    const page = await board.open(t, 'lived', { width: 390, hash: 'outbox' });
    const { emails } = await control('GET', '/emails');
    const pages = Math.ceil(emails.length / 20);
    t.ok(pages > 1, `${emails.length} e-mails`);
    await waitForText(page, '#outbox-list', `Page 1 of ${pages}`);
    t.equal(await page.$$eval('#outbox-list tbody tr', (rows) => rows.length), 20);
    await page.click('#outbox-list nav button:last-child');
    await waitForText(page, '#outbox-list', `Page 2 of ${pages}`);
    const first = await page.$eval('#outbox-list tbody tr', (row) => row.textContent ?? '');
    t.match(first, emails[20].subject, 'the second page starts with the 21st e-mail');
  });

  t.test("journal entries show their simulated date when it is not the clock's today", async (t) => {
    const page = await board.open(t, 'lived', { width: 390 });
    await waitForText(page, '#requests-list', 'getInvoices');
    const lines = await page.$$eval('#requests-list li .time', (times) => times.map((e) => e.textContent ?? ''));
    t.strictSame(
      lines.map((line) => line.replace(/\d{2}:\d{2}:\d{2}$/, 'HH:MM:SS')),
      ['HH:MM:SS', '2026-11-20HH:MM:SS', '2026-11-20HH:MM:SS', '2026-11-20HH:MM:SS'],
      "today's entry shows its time, the first day's their date and time",
    );
    const overflowing = await page.$$eval('#requests-list .time', (times) => times.filter((e) => e.scrollWidth > e.clientWidth).length);
    t.equal(overflowing, 0, 'the date fits its column, clear of the call name');
    await screenshot(t, page, 'dashboard-narrow-390-journal', '#requests-list');

    // The next day on the clock: the newest entry is no longer today's.
    await page.click('nav a[href="#clock"]');
    await page.click('#clock button[data-days="1"]');
    await waitForText(page, '#clock-now', '2027-01-20 12:00:00');
    await section(page, 'requests');
    await waitForText(page, '#requests-list li:first-child .time', '2027-01-19');
  });

  t.test('at 1280 px the tables keep their columns and split no word', async (t) => {
    const page = await board.open(t, 'lived', { width: 1280 });
    await waitForText(page, '#requests-list', 'getInvoices');
    const overflowing = await page.$$eval('#requests-list .time', (times) => times.filter((e) => e.scrollWidth > e.clientWidth).length);
    t.equal(overflowing, 0, "the journal's dates fit their column");
    for (const name of ['requests', 'faults', 'stubs', 'clock', 'snapshots', 'state', 'outbox', 'sessions']) {
      await section(page, name);
      if (name === 'faults') await waitForText(page, '#faults-list', 'Remove');
      if (name === 'clock') await waitForText(page, '#automation', 'Entries 1 to 10');
      if (name === 'state') await page.waitForSelector('#state-page tbody button');
      if (name === 'outbox') await waitForText(page, '#outbox-list', '2027-');
      if (name === 'sessions') await waitForText(page, '#sessions-list', 'lived (shown)');
      const headers = await page.$$eval(`#${name} thead`, (heads) => heads.map((e) => (globalThis as any).getComputedStyle(e).display));
      t.notOk(headers.includes('none'), `${name}: column headers shown`);
      t.strictSame(await splitWords(page), [], `${name}: no word split across lines`);
      t.ok((await scrollWidth(page)) <= 1280, `${name}: ${await scrollWidth(page)} px wide`);
      await screenshot(t, page, `dashboard-narrow-1280-${name}`);
    }
  });
}
