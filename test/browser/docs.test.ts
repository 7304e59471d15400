// The docs page in a real browser: open /docs, run two calls with nothing
// typed, and read the answer Swagger UI renders.
import t from 'tap';
import type { Page } from 'puppeteer-core';
import { build } from '../helpers/app.js';
import { launchChromium, screenshot } from './chromium.js';

async function tryCall(page: Page, id: string): Promise<Record<string, any>> {
  const block = `#${id}`;
  await page.click(`${block} .opblock-summary-control`);
  await page.waitForSelector(`${block} button.execute`);
  await page.click(`${block} button.execute`);
  const rendered = `${block} .live-responses-table .response-col_description pre`;
  await page.waitForSelector(rendered);
  return { text: await page.$eval(rendered, (e) => e.textContent ?? '') };
}

t.test('the docs page runs getCurrencies and getInvoiceDetails id=1 on the first click', async (t) => {
  const browser = await launchChromium(t);
  if (!browser) return;
  const app = await build(t);
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 1000 });
  await page.goto(`${origin}/docs/`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('.opblock');
  await screenshot(t, page, 'docs');

  const tags = await page.$$eval('.opblock-tag', (els) => els.map((e) => e.getAttribute('data-tag')));
  t.strictSame(tags, [
    'Clients',
    'Invoices',
    'Orders',
    'Accounts',
    'Domains',
    'Tickets',
    'Services and catalogue',
    'Estimates',
    'Affiliates',
    'Misc',
    'Test control',
  ]);
  const summaries = await page.$$eval('.opblock-summary-description', (els) => els.map((e) => e.textContent ?? ''));
  t.ok(summaries.length > 68, `${summaries.length} operations listed`);
  t.strictSame(
    summaries.filter((s) => s.includes('`')),
    [],
    'no raw Markdown in the list',
  );

  const currencies = await tryCall(page, 'operations-Misc-getCurrencies');
  await screenshot(t, page, 'docs-getCurrencies', '#operations-Misc-getCurrencies');
  t.match(currencies.text, /"success": true/);
  t.match(JSON.parse(currencies.text), { success: true, call: 'getCurrencies', main: { code: 'USD' } });

  const invoice = await tryCall(page, 'operations-Invoices-getInvoiceDetails');
  await screenshot(t, page, 'docs-getInvoiceDetails', '#operations-Invoices-getInvoiceDetails');
  const filled = await page.$$eval('#operations-Invoices-getInvoiceDetails .parameters input', (els) =>
    els.map((e) => [e.closest('tr')?.getAttribute('data-param-name'), (e as unknown as { value: string }).value]),
  );
  t.strictSame(
    filled.filter(([name]) => ['api_id', 'api_key', 'id'].includes(String(name))),
    [
      ['api_id', 'billsim'],
      ['api_key', 'billsim-secret'],
      ['id', '1'],
    ],
    'credentials and the example id were filled in',
  );
  t.match(invoice.text, /"success": true/);
  t.match(JSON.parse(invoice.text), { success: true, call: 'getInvoiceDetails', invoice: { id: '1', status: 'Paid' } });
});
