// The customer's door from a browser front end on another origin: a page
// served by its own server logs a client in with fetch (a CORS preflight for
// its JSON body and its bearer token) and lists the client's invoices.
import t from 'tap';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from '../helpers/app.js';
import { launchChromium, screenshot } from './chromium.js';

/** A client area's page: a login form that lists the invoices of whoever logs in. */
function clientArea(api: string): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>My invoices</title>
<style>body{font:15px system-ui;margin:2em}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 10px}</style></head>
<body>
<h1>My invoices</h1>
<form id="login"><input id="email" value="bruno.keller@keller-maschinenbau.de"><input id="password" type="password" value="billsim-client"><button>Log in</button></form>
<p id="state">Logged out</p>
<table id="invoices"><thead><tr><th>Invoice</th><th>Date</th><th>Total</th><th>Status</th></tr></thead><tbody></tbody></table>
<script>
const API = ${JSON.stringify(api)};
document.getElementById('login').addEventListener('submit', async (event) => {
  event.preventDefault();
  const login = await fetch(API + '/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: document.getElementById('email').value, password: document.getElementById('password').value }),
  });
  const { token, error } = await login.json();
  if (!token) { document.getElementById('state').textContent = 'Refused: ' + error; return; }
  const answer = await fetch(API + '/invoice', { headers: { authorization: 'Bearer ' + token } });
  const { invoices } = await answer.json();
  document.querySelector('#invoices tbody').innerHTML = invoices
    .map((i) => '<tr><td>' + i.id + '</td><td>' + i.date + '</td><td>' + i.total + ' ' + i.currency + '</td><td>' + i.status + '</td></tr>')
    .join('');
  document.getElementById('state').textContent = 'Logged in: ' + invoices.length + ' invoices';
});
</script></body></html>`;
}

t.test("a page on another origin logs in and lists the invoices through the customer's door", async (t) => {
  const browser = await launchChromium(t);
  if (!browser) return;
  const app = await build(t);
  const apiOrigin = await app.listen({ port: 0, host: '127.0.0.1' });
  const site = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(clientArea(`${apiOrigin}/api`));
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => site.close(() => resolve())));
  // "localhost" and "127.0.0.1" are two origins: the page's fetches are cross-origin, preflights included.
  const pageUrl = `http://localhost:${(site.address() as AddressInfo).port}/`;
  t.not(new URL(pageUrl).origin, new URL(apiOrigin).origin, 'the page and the door are on different origins');

  const page = await browser.newPage();
  await page.setViewport({ width: 900, height: 500 });
  const failures: string[] = [];
  page.on('requestfailed', (request) => failures.push(`${request.url()} ${request.failure()?.errorText}`));
  await page.goto(pageUrl);
  await page.click('#login button');
  await page.waitForFunction(() => document.getElementById('state')?.textContent?.startsWith('Logged in'), { timeout: 30_000 });
  const rows = await page.$$eval('#invoices tbody tr', (trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)),
  );
  t.strictSame(rows, [
    ['12', '2026-11-10', '88.03 EUR', 'Unpaid'],
    ['2', '2026-02-10', '118.32 EUR', 'Paid'],
  ]);
  t.strictSame(failures, [], 'no request was blocked');
  await screenshot(t, page, 'door-other-origin');

  // The same page with a wrong password shows the door's refusal.
  await page.$eval('#password', (input) => {
    (input as HTMLInputElement).value = 'wrong';
  });
  await page.click('#login button');
  await page.waitForFunction(() => document.getElementById('state')?.textContent?.startsWith('Refused'), { timeout: 30_000 });
  t.equal(await page.$eval('#state', (e) => e.textContent), 'Refused: wronglogin');
});
