// Stubs from the dashboard: a call billsim does not simulate answered from the
// form with a template echoing a parameter, a bad template refused before
// anything is kept, the journal entry leading back to its stub, and removal.
import t from 'tap';
import type { Page } from 'puppeteer-core';
import { screenshot } from './chromium.js';
import { dashboard, scrollWidth, section, waitForText } from './dashboard-page.js';

const board = await dashboard(t);

/** Writes the stub editor's JSON as a user would after clearing it. */
async function write(page: Page, text: string): Promise<void> {
  await page.$eval('#stub-spec', (e) => {
    (e as unknown as { value: string }).value = '';
  });
  await page.type('#stub-spec', text);
}

if (board) {
  const stubs = async (session: string) =>
    ((await (await fetch(`${board.origin}/__billsim/stubs`, { headers: { 'x-billsim-session': session } })).json()) as any).stubs;

  t.test('a stub added from the form answers a call billsim does not simulate, and the journal leads back to it', async (t) => {
    const page = await board.open(t, 'stubbed', { hash: 'stubs' });
    await waitForText(page, '#stubs-list', 'No stub');
    const offered = await page.$$eval('#stub-calls option', (els) => els.map((e) => e.getAttribute('value')));
    t.ok(offered.includes('getKBCategories') && offered.length > 100, `the ${offered.length} simulated calls are offered`);
    const example = await page.$eval('#stub-spec', (e) => (e as unknown as { value: string }).value);
    t.match(JSON.parse(example), { answer: {} }, 'the editor starts with an example answer');

    await page.type('#stub-call', 'getKBCategoriesX');
    await write(page, '{ "answer": { "name": "Category {{params.id" } ');
    await page.click('#stub-form button[type=submit]');
    await waitForText(page, '#stub-message', 'The stub is not JSON');
    await write(page, '{ "answer": { "name": "Category {{params.id" } }');
    await page.click('#stub-form button[type=submit]');
    const refused = await waitForText(page, '#stub-message', 'answer.name is not a template that compiles');
    t.match(refused, /Parse error/, "the server's message, naming the problem");
    t.strictSame(await stubs('stubbed'), [], 'nothing was kept');
    await screenshot(t, page, 'dashboard-stub-refused');

    await write(page, '{ "answer": { "category": { "id": "{{params.id}}", "name": "Category {{params.id}} of {{call}}" } }, "times": 3 }');
    await page.click('#stub-form button[type=submit]');
    await waitForText(page, '#stubs-list', 'getKBCategoriesX');
    await page.waitForSelector('#stub-message[hidden]');
    const [stub] = await stubs('stubbed');
    t.match(stub, { call: 'getKBCategoriesX', times: 3 });
    t.match(await page.$eval('#stubs-list tr.highlight', (e) => e.textContent ?? ''), /getKBCategoriesX/, 'the new stub is highlighted');

    const answer = await board.api('stubbed', 'getKBCategoriesX', { id: '42' });
    t.match(answer, { success: true, call: 'getKBCategoriesX', category: { id: '42', name: 'Category 42 of getKBCategoriesX' } });
    await waitForText(page, '#stubs-list tbody', /getKBCategoriesX[\s\S]*2Remove/);
    await screenshot(t, page, 'dashboard-stubs');

    await section(page, 'requests');
    await waitForText(page, '#requests-list', 'getKBCategoriesX');
    await page.click('#requests-list li button');
    const detail = await waitForText(page, '#request-detail', `Answered by stub ${stub.id}`);
    t.match(detail, /Category 42 of getKBCategoriesX/);
    await screenshot(t, page, 'dashboard-stub-journal');
    // The row on screen stays the same element while the section fetches the list again,
    // so a click that lands while it is fetched still reaches its button.
    await page.$eval('#stubs-list tbody tr', (row) => row.setAttribute('data-drawn', 'before'));
    const listed = page.waitForResponse((response) => new URL(response.url()).pathname === '/__billsim/stubs');
    await page.click(`#request-detail button[aria-label="Open stub ${stub.id}"]`);
    await page.waitForSelector('#stubs:not([hidden])');
    await listed;
    await page.waitForSelector('#stubs:not([aria-busy])');
    t.equal(await page.$$eval('#stubs-list tr[data-drawn=before].highlight', (rows) => rows.length), 1, 'the same row, not drawn again');
    t.equal(await page.evaluate(() => (globalThis as any).location.hash), '#stubs');
    t.match(await page.$eval('#stubs-list tr.highlight', (e) => e.textContent ?? ''), /getKBCategoriesX/, 'its stub is highlighted');

    await page.click(`#stubs-list button[aria-label="Remove stub ${stub.id} (getKBCategoriesX)"]`);
    await waitForText(page, '#stubs-list', 'No stub');
    t.strictSame(await stubs('stubbed'), []);
    t.match(await board.api('stubbed', 'getKBCategoriesX', { id: '42' }), { success: false, error: [/Unknown call/] });
  });

  t.test('the example stub is accepted as it is, and the section fits 390 px', async (t) => {
    const page = await board.open(t, 'phone', { hash: 'stubs', width: 390 });
    await waitForText(page, '#stubs-list', 'No stub');
    await page.type('#stub-call', 'getKBCategories');
    await page.click('#stub-form button[type=submit]');
    await waitForText(page, '#stubs-list', 'getKBCategories');
    const answer = await board.api('phone', 'getKBCategories', { id: '7' });
    t.match(answer, { success: true, categories: [{ id: '7', name: /^Asked for 7 at \d+$/ }] }, 'a simulated call answered the stub way');
    await page.type('#stub-call', 'X');
    await page.click('#stub-form button[type=submit]');
    await waitForText(page, '#stubs-list', 'getKBCategoriesX');
    await write(page, '{ "answer": { "a": "{{#if}}" }, "error": ["x"], "extra": 1 }');
    await page.click('#stub-form button[type=submit]');
    await waitForText(page, '#stub-message', /Unknown stub field "extra".*answer or error, not both.*answer\.a/);
    t.ok((await scrollWidth(page)) <= 390, `stubs: ${await scrollWidth(page)} px`);
    await screenshot(t, page, 'dashboard-390-stubs-form', '#stubs');
  });
}
