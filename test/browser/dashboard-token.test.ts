// With --control-token the page loads without it, asks for it once, and keeps
// it for the tab only.
import t from 'tap';
import { screenshot } from './chromium.js';
import { dashboard, waitForText } from './dashboard-page.js';

const board = await dashboard(t, { controlToken: 'page-token' });

if (board) {
  t.test('the page asks for the control token once and keeps it for the tab', async (t) => {
    const page = await board.open(t, 'guarded');
    await page.waitForSelector('#token-form:not([hidden])');
    await screenshot(t, page, 'dashboard-token');
    await page.type('#token', 'page-token');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#token-form[hidden]');
    await board.api('guarded', 'getCurrencies');
    await waitForText(page, '#requests-list', 'getCurrencies');
    t.equal(await page.evaluate(() => (globalThis as any).sessionStorage.getItem('billsim.token')), 'page-token');
    await page.reload();
    await waitForText(page, '#requests-list', 'getCurrencies');
    t.equal(await page.$eval('#token-form', (e) => e.hasAttribute('hidden')), true, 'not asked again after a reload');
    const other = await board.browser.createBrowserContext();
    t.teardown(() => other.close());
    const fresh = await other.newPage();
    await fresh.goto(`${board.origin}/__billsim/?session=guarded`);
    await fresh.waitForSelector('#token-form:not([hidden])');
    t.pass('another tab without the token is asked for it');
  });
}
