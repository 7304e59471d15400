import t from 'tap';
import { api, assertSuccess, build, storeJson } from '../../helpers/app.js';
import { accountDetails, invoiceDetails } from '../../helpers/reads.js';
import { ALICE, assertAnswer, assertRefused, door, login, TOM } from '../../helpers/door.js';
import { grant, withoutPrivileges } from '../../helpers/services.js';

t.test('renew raises the invoice the daily run would make on the invoice date, and moves next_invoice on', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const body = assertAnswer(t, await door(app, 'POST', '/service/1/renew', {}, { token }), 'postServiceIdRenew');
  const id = body.invoice_id as string;
  t.strictSame(body, { invoice_id: id, info: [`Invoice #${id} created for the renewal of service #1`] });
  const invoice = await invoiceDetails(t, app, id);
  t.match(invoice, { status: 'Unpaid', date: '2026-11-20', duedate: '2026-12-14', client_id: '1', total: /^[0-9]+\.[0-9]{2}$/ });
  const lines = invoice.items as Record<string, string>[];
  t.strictSame(
    lines.map((line) => [line.type, line.item_id, line.description]),
    [['Hosting', '1', 'Business Hosting - morgan-design.com (14/12/2026 - 13/01/2027)']],
  );
  t.match(await accountDetails(t, app, '1'), { next_due: '2026-12-14', next_invoice: '2026-12-31' }, 'the next period is next to bill');
  const emails = await api(app, 'getClientEmails', { id: '1' });
  t.match(JSON.stringify(emails), new RegExp(`#${id}\\b`), 'the invoice e-mail is in the outbox');

  assertRefused(t, await door(app, 'POST', '/service/1/renew', {}, { token }), 200, [
    `Service 1 already has Unpaid invoice ${id} for its renewal: pay that invoice to renew it`,
  ]);
  // Paying it renews the service, as a renewal invoice paid through the Admin API does.
  const paid = { id, amount: invoice.total as string, paymentmodule: '2', fee: '0.00', date: '2026-11-20', transnumber: 'renew-1' };
  assertSuccess(t, await api(app, 'addInvoicePayment', paid), 'addInvoicePayment');
  t.match(await accountDetails(t, app, '1'), { next_due: '2027-01-14' });
});

t.test('the daily run does not bill a period renewed early again', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const { invoice_id } = (await door(app, 'POST', '/service/1/renew', {}, { token })).body;
  const amount = (await invoiceDetails(t, app, invoice_id as string)).total as string;
  const paid = { id: invoice_id as string, amount, paymentmodule: '2', fee: '0.00', date: '2026-11-20', transnumber: 'x' };
  assertSuccess(t, await api(app, 'addInvoicePayment', paid), 'addInvoicePayment');
  const before = (await api(app, 'getClientInvoices', { id: '1' })).invoices as unknown[];
  const moved = await app.inject({ method: 'POST', url: '/__billsim/clock', payload: { now: '2026-12-01 09:00:00' } });
  t.equal(moved.statusCode, 200, moved.body);
  const after = (await api(app, 'getClientInvoices', { id: '1' })).invoices as Record<string, string>[];
  const billsService1 = [];
  for (const row of after.slice(0, after.length - before.length)) {
    const lines = (await invoiceDetails(t, app, row.id)).items as Record<string, string>[];
    if (lines.some((line) => line.type === 'Hosting' && line.item_id === '1')) billsService1.push(row.id);
  }
  t.strictSame(billsService1, [], 'no second invoice for the period on its invoice date');
});

t.test('a contact needs billing.orders to renew', async (t) => {
  const app = await build(t);
  const token = await login(app, TOM);
  const before = await storeJson(app);
  assertRefused(t, await door(app, 'POST', '/service/1/renew', {}, { token }), 403, [
    'Contact 10 may not do this: it needs the privilege billing.orders (the client grants it with PUT /api/contact/10 or editContactPermissions)',
  ]);
  t.equal(await storeJson(app), before);
  await grant(t, app, '10', ['billing.orders']);
  assertAnswer(t, await door(app, 'POST', '/service/1/renew', {}, { token }), 'postServiceIdRenew');
  await withoutPrivileges(t, app, '10');
});

t.test("another client's service, a closed one and bad input are refused and change nothing", async (t) => {
  const app = await build(t);
  const token = await login(app, 'farid@haddadtrading.com');
  const before = await storeJson(app);
  assertRefused(t, await door(app, 'POST', '/service/1/renew', {}, { token }), 404, ['Service 1 not found']);
  assertRefused(t, await door(app, 'POST', '/service/9/renew', {}, { token }), 200, [
    'Service 9 cannot be renewed now: it is Cancelled on a Monthly cycle, and only an Active service on a recurring cycle renews',
  ]);
  assertRefused(t, await door(app, 'POST', '/service/x/renew', {}, { token }), 200, [
    'Parameter id must be a positive whole number id, such as 1',
  ]);
  t.equal(await storeJson(app), before);
});
