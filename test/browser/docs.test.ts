// The docs page in a real browser: it shows its operations, and calls run
// with nothing typed, read from the answer Swagger UI renders. How soon it
// shows the first one is a timing: `npm run bench` measures it (bench/docs-page.ts).
import t from 'tap';
import type { Browser, Page } from 'puppeteer-core';
import { build } from '../helpers/app.js';
import { launchChromium, screenshot } from './chromium.js';

async function openPage(browser: Browser, url: string): Promise<Page> {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 1000 });
  await page.goto(url);
  await page.waitForSelector('.opblock', { visible: true, timeout: 60_000 });
  return page;
}

/** Opens a section (the page opens only the first one), unless it is open. */
async function openSection(page: Page, tag: string): Promise<void> {
  const section = `.opblock-tag-section:has(> .opblock-tag[data-tag="${tag}"])`;
  if (!(await page.$(`${section}.is-open`))) await page.click(`${section} > .opblock-tag`);
  await page.waitForSelector(`${section} .opblock`);
}

async function tryCall(page: Page, id: string): Promise<Record<string, any>> {
  const block = `#${id}`;
  await page.click(`${block} .opblock-summary-control`);
  await page.waitForSelector(`${block} button.execute`);
  await page.click(`${block} button.execute`);
  const rendered = `${block} .live-responses-table .response-col_description pre`;
  await page.waitForSelector(rendered);
  return { text: await page.$eval(rendered, (e) => e.textContent ?? '') };
}

const filledIn = (page: Page, id: string) =>
  page.$$eval(`#${id} .parameters input`, (els) =>
    els.map((e) => [e.closest('tr')?.getAttribute('data-param-name'), (e as unknown as { value: string }).value]),
  );

t.test('the docs page shows its first operation, and Execute on it succeeds', async (t) => {
  const browser = await launchChromium(t);
  if (!browser) return;
  const app = await build(t);
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const page = await openPage(browser, `${origin}/docs/`);
  await screenshot(t, page, 'docs');

  const id = await page.$eval('.opblock', (e) => e.id);
  t.equal(id, 'operations-Clients-addClient', 'the first operation is the first call of the first section');
  const answer = await tryCall(page, id);
  await screenshot(t, page, 'docs-first-operation', `#${id}`);
  const filled = await filledIn(page, id);
  t.strictSame(
    filled.filter(([name]) => ['api_id', 'api_key'].includes(String(name))),
    [
      ['api_id', 'billsim'],
      ['api_key', 'billsim-secret'],
    ],
    'the credentials were filled in',
  );
  t.match(JSON.parse(answer.text), { success: true, call: 'addClient' });
});

t.test('the docs page runs getCurrencies and getInvoiceDetails id=1 on the first click', async (t) => {
  const browser = await launchChromium(t);
  if (!browser) return;
  const app = await build(t);
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const page = await openPage(browser, `${origin}/docs/`);

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
    "Customer's door (User API)",
    'Test control',
  ]);
  const open = await page.$$eval('.opblock', (els) => els.map((e) => e.id.split('-')[1]));
  t.strictSame([...new Set(open)], ['Clients'], 'only the first section is open');
  const summaries = await page.$$eval('.opblock-summary-description', (els) => els.map((e) => e.textContent ?? ''));
  t.ok(summaries.length > 20, `${summaries.length} operations listed in Clients`);
  t.strictSame(
    summaries.filter((s) => s.includes('`')),
    [],
    'no raw Markdown in the list',
  );
  const methods = await page.$$eval('.opblock', (els) => [...new Set(els.map((e) => e.className.match(/opblock-(get|post)/)?.[1]))]);
  t.strictSame(methods, ['get'], 'one operation per call, the GET');

  await openSection(page, 'Misc');
  const currencies = await tryCall(page, 'operations-Misc-getCurrencies');
  await screenshot(t, page, 'docs-getCurrencies', '#operations-Misc-getCurrencies');
  t.match(currencies.text, /"success": true/);
  t.match(JSON.parse(currencies.text), { success: true, call: 'getCurrencies', main: { code: 'USD' } });

  await openSection(page, 'Invoices');
  const invoice = await tryCall(page, 'operations-Invoices-getInvoiceDetails');
  await screenshot(t, page, 'docs-getInvoiceDetails', '#operations-Invoices-getInvoiceDetails');
  const filled = await filledIn(page, 'operations-Invoices-getInvoiceDetails');
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

t.test('a link to an operation opens its section, and the filter opens the sections it leaves', async (t) => {
  const browser = await launchChromium(t);
  if (!browser) return;
  const app = await build(t);
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const page = await openPage(browser, `${origin}/docs/#/Invoices/getInvoiceDetails`);
  await page.waitForSelector('#operations-Invoices-getInvoiceDetails button.execute', { visible: true });
  const sections = await page.$$eval('.opblock', (els) => [...new Set(els.map((e) => e.id.split('-')[1]))]);
  t.strictSame(sections, ['Clients', 'Invoices']);

  await page.type('.operation-filter-input', 'Inv');
  await page.waitForFunction(() => document.querySelectorAll('.opblock-tag').length === 1);
  await screenshot(t, page, 'docs-filter');
  const tags = await page.$$eval('.opblock-tag', (els) => els.map((e) => e.getAttribute('data-tag')));
  t.strictSame(tags, ['Invoices']);
  t.ok((await page.$$('#operations-Invoices-addInvoicePayment')).length === 1, 'its operations are listed');
});
