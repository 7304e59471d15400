// Webhooks from the dashboard: a receiver added from the form, the deliveries
// of a call listed with their attempts, a failed one sent again.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { screenshot } from './chromium.js';
import { dashboard, waitForText } from './dashboard-page.js';

const board = await dashboard(t, { webhookDelivery: { backoffMs: 1, attempts: 2 } });

if (board) {
  t.test('a webhook added from the form, its deliveries listed, a failed one sent again', async (t) => {
    const statuses = [500, 500];
    const receiver = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(statuses.shift() ?? 200).end('ok'));
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    t.teardown(() => receiver.close());
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

    const page = await board.open(t, 'hooked', { hash: 'webhooks' });
    await waitForText(page, '#webhooks-list', 'No webhook');
    await page.type('#webhook-url', url);
    await page.type('#webhook-secret', 'dash-secret');
    await page.click('#webhook-form button[type=submit]');
    await waitForText(page, '#webhooks-list', url);

    t.equal((await board.api('hooked', 'addEstimate', { client_id: '1' })).success, true);
    const failed = await waitForText(page, '#webhooks-list', 'failed');
    t.match(failed, /after_estimatecreate/);
    t.match(failed, /500, 500/, 'each attempt with its status');
    await screenshot(t, page, 'dashboard-webhooks-failed');

    await page.click('#webhooks-list button');
    const again = await waitForText(page, '#webhooks-list', 'delivered');
    t.match(again, /200/);
    await screenshot(t, page, 'dashboard-webhooks-delivered');
  });
}
