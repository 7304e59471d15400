// The dashboard in real Chromium: the journal updating live, faults added and
// removed from the form, snapshots, a phone-wide screen, and hostile data shown
// as text. The clock and automation are in dashboard-clock.test.ts.
import t from 'tap';
import { screenshot } from './chromium.js';
import { chooseCollection, dashboard, scrollWidth, section, waitForText } from './dashboard-page.js';

const board = await dashboard(t);

if (board) {
  t.test('a request the app sends appears without a reload, with its key redacted', async (t) => {
    const page = await board.open(t, 'live');
    await waitForText(page, '#requests-count', '0 requests shown');
    await screenshot(t, page, 'dashboard-empty');
    const sent = await board.api('live', 'getInvoiceDetails', { id: '1' });
    t.equal(sent.success, true);
    await waitForText(page, '#requests-list', 'getInvoiceDetails');
    t.equal(await page.$eval('#requests-list li', (e) => e.className), 'ok');
    await page.click('#requests-list li button');
    const detail = await waitForText(page, '#request-detail', 'Parameters');
    const params = JSON.parse(await page.$eval('#request-detail pre[aria-label="Parameters"]', (e) => e.textContent ?? ''));
    t.strictSame(params, { call: 'getInvoiceDetails', api_id: 'billsim', api_key: '[redacted]', id: '1' });
    t.notOk(detail.includes('billsim-secret'), 'the key is nowhere on the page');
    const answer = JSON.parse(await page.$eval('#request-detail pre[aria-label="Answer"]', (e) => e.textContent ?? ''));
    t.match(answer, { success: true, call: 'getInvoiceDetails', invoice: { id: '1', status: 'Paid' } });
    await screenshot(t, page, 'dashboard-request');
  });

  t.test('a fault added from the form fails the call, shows in the journal, and is removed', async (t) => {
    const page = await board.open(t, 'faulty', { hash: 'faults' });
    await waitForText(page, '#faults-list', 'No fault');
    const limits = await page.$$eval('#fault-form input[type=number]', (els) =>
      els.map((e) => [e.id, e.getAttribute('min'), e.getAttribute('max')]),
    );
    t.strictSame(
      limits,
      [
        ['fault-status', '200', '599'],
        ['fault-delay', '0', '60000'],
        ['fault-times', '1', '1000000'],
      ],
      "the form's limits are the route's, from its schema",
    );
    await page.select('#fault-call', 'getInvoiceDetails');
    await page.type('#fault-error', 'Database unavailable');
    await page.type('#fault-times', '3');
    await page.click('#fault-form button[type=submit]');
    await waitForText(page, '#faults-list', 'Database unavailable');
    await screenshot(t, page, 'dashboard-fault');
    const answer = await board.api('faulty', 'getInvoiceDetails', { id: '1' });
    t.match(answer, { success: false, call: 'getInvoiceDetails', error: ['Database unavailable'] });
    await waitForText(page, '#faults-list', /getInvoiceDetails.*Database unavailable2/);

    await section(page, 'requests');
    await waitForText(page, '#requests-list', 'getInvoiceDetails');
    t.equal(await page.$eval('#requests-list li', (e) => e.className), 'failed');
    await page.click('#requests-list li button');
    await waitForText(page, '#request-detail .messages', 'Database unavailable');
    await page.select('#requests-outcome', 'success');
    await waitForText(page, '#requests-count', '0 requests shown, 1 hidden by the filter');
    await screenshot(t, page, 'dashboard-fault-journal');

    await section(page, 'faults');
    await page.click('#faults-list button[aria-label="Remove fault 1 (getInvoiceDetails)"]');
    await waitForText(page, '#faults-list', 'No fault');
    const faults = await (await fetch(`${board.origin}/__billsim/faults`, { headers: { 'x-billsim-session': 'faulty' } })).json();
    t.strictSame(faults, { faults: [] });
    t.match(await board.api('faulty', 'getInvoiceDetails', { id: '1' }), { success: true });
  });

  t.test('a snapshot restored from the page takes a change back', async (t) => {
    const page = await board.open(t, 'snap', { hash: 'snapshots' });
    await page.type('#snapshot-name', 'before');
    await page.click('#snapshot-form button[type=submit]');
    await waitForText(page, '#snapshot-message', 'Saved "before" at 2026-11-20 12:00:00.');
    await waitForText(page, '#snapshots-list', 'before');
    const added = await board.api('snap', 'addClient', {
      firstname: 'Rosa',
      lastname: 'Diaz',
      email: 'rosa@example.com',
      password: 'Pass-1234',
      password2: 'Pass-1234',
    });
    t.equal(added.success, true);
    await chooseCollection(page, 'clients');
    await waitForText(page, '#state-page', 'Rosa');
    await waitForText(page, '#state-collection', 'clients (12)');
    await screenshot(t, page, 'dashboard-state-changed');

    await section(page, 'snapshots');
    await page.click('#snapshots-list button[aria-label="Restore snapshot before"]');
    await waitForText(page, '#snapshot-message', 'Restored "before".');
    await section(page, 'state');
    await waitForText(page, '#state-collection', 'clients (11)');
    // The collection's count can show before its page of records has arrived: wait for the page itself.
    await waitForText(page, '#state-page', '(11 records)');
    t.notOk((await page.$eval('#state-page', (e) => e.textContent ?? '')).includes('Rosa'), 'the new client is gone');
    await screenshot(t, page, 'dashboard-state-restored');

    await section(page, 'snapshots');
    await page.click('#snapshots-list button[aria-label="Delete snapshot before"]');
    await waitForText(page, '#snapshots-list', 'No snapshot');
  });

  t.test('at 390 px wide every section fits without horizontal scrolling', async (t) => {
    await board.api('narrow', 'getClientDetails', { id: '1', note: 'a-long-value-without-any-space-'.repeat(8) });
    const long = 'a-long-value-without-any-space-'.repeat(8);
    const stubbed = await fetch(`${board.origin}/__billsim/stubs`, {
      method: 'POST',
      headers: { 'x-billsim-session': 'narrow', 'content-type': 'application/json' },
      body: JSON.stringify({ call: 'getKBCategoriesLongName', params: { [long.slice(0, 60)]: long }, answer: { note: long }, times: 5 }),
    });
    t.equal(stubbed.status, 201, 'a stub with long values to show');
    const page = await board.open(t, 'narrow', { width: 390 });
    await waitForText(page, '#requests-list', 'getClientDetails');
    await page.click('#requests-list li button');
    await waitForText(page, '#request-detail', 'Answer');
    t.ok((await scrollWidth(page)) <= 390, `requests: ${await scrollWidth(page)} px`);
    await screenshot(t, page, 'dashboard-390-requests');
    for (const name of ['faults', 'stubs', 'clock', 'snapshots', 'state', 'outbox', 'sessions']) {
      await section(page, name);
      if (name === 'stubs') await waitForText(page, '#stubs-list', 'getKBCategoriesLongName');
      if (name === 'state') {
        // The section shows before its first page of records has arrived.
        await page.waitForSelector('#state-page tbody button');
        await page.click('#state-page tbody button');
        await waitForText(page, '#state-record', 'Pointing here');
      }
      t.ok((await scrollWidth(page)) <= 390, `${name}: ${await scrollWidth(page)} px`);
      await screenshot(t, page, `dashboard-390-${name}`);
    }
    const box = await page.$eval('nav a[href="#state"]', (e) => e.getBoundingClientRect().height);
    t.ok(box >= 24, 'the section links are big enough to tap');
  });

  t.test('markup and script in parameters show as text and run nothing', async (t) => {
    const hostile = '<img src=x onerror=alert(1)>';
    const script = '<script>window.pwned=1</script>';
    const page = await board.open(t, 'hostile');
    const added = await board.api('hostile', 'addClient', {
      firstname: hostile,
      lastname: script,
      email: 'mallory@example.com',
      password: 'Pass-1234',
      password2: 'Pass-1234',
    });
    t.equal(added.success, true);
    await board.api('hostile', hostile, { x: script });
    await waitForText(page, '#requests-list', hostile);
    await page.click('#requests-list li button');
    const detail = await waitForText(page, '#request-detail', 'Unknown call');
    t.ok(detail.includes(hostile) && detail.includes(script), 'the markup shows as its characters');
    await page.click('#requests-list li:nth-child(2) button');
    const params = await waitForText(page, '#request-detail pre[aria-label="Parameters"]', 'firstname');
    t.match(JSON.parse(params), { firstname: hostile, lastname: script, password: '[redacted]', password2: '[redacted]' });
    await chooseCollection(page, 'clients');
    await waitForText(page, '#state-page', hostile);
    await page.click('#state-page tbody button');
    await waitForText(page, '#state-record', script);
    const record = await page.$eval('#state-record', (e) => e.textContent ?? '');
    t.ok(record.includes('[redacted]'), 'the password hash is redacted');
    await screenshot(t, page, 'dashboard-hostile');
    const injected = await page.evaluate(() => {
      const { document, pwned } = globalThis as any;
      return {
        images: document.querySelectorAll('main img').length,
        scripts: document.querySelectorAll('main script').length,
        pwned: typeof pwned,
      };
    });
    t.strictSame(injected, { images: 0, scripts: 0, pwned: 'undefined' });
    const csp = (await fetch(`${board.origin}/__billsim/`)).headers.get('content-security-policy') ?? '';
    t.match(csp, /script-src 'self'/);
  });

  t.test('a stopped server shows a clear message', async (t) => {
    const page = await board.open(t, 'gone');
    await page.setOfflineMode(true);
    await waitForText(page, '#gone', 'billsim is not answering');
    t.equal(await page.$eval('#gone', (e) => e.hasAttribute('hidden')), false);
    await screenshot(t, page, 'dashboard-gone');
    await page.setOfflineMode(false);
    await page.waitForSelector('#gone[hidden]');
  });
}
