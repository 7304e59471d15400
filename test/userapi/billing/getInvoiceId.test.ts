import t from 'tap';
import { api, assertSuccess, build, storeJson } from '../../helpers/app.js';
import { ALICE, assertAnswer, assertRefused, door, login } from '../../helpers/door.js';
import { BRUNO, SABINE, grant } from '../../helpers/userBilling.js';

/** getInvoiceDetails' invoice as the customer's door shows it: no embedded client, the keys clients read added. */
function expectedInvoice(admin: Record<string, unknown>, currency: string): Record<string, unknown> {
  const { client, id, paid_id, total, ...rest } = admin;
  void client;
  return {
    id,
    number: paid_id || id,
    proforma_id: id,
    paid_id,
    recurring_id: rest.recurring_id,
    status: rest.status,
    client_id: rest.client_id,
    date: rest.date,
    duedate: rest.duedate,
    datepaid: rest.datepaid,
    subtotal: rest.subtotal,
    credit: rest.credit,
    tax: rest.tax,
    taxrate: rest.taxrate,
    tax2: rest.tax2,
    taxrate2: rest.taxrate2,
    total,
    grandtotal: total,
    payment_module: rest.payment_module,
    currency_id: rest.currency_id,
    currency,
    rate: rest.rate,
    notes: rest.notes,
    items: rest.items,
    gateway: rest.gateway,
  };
}

t.test("a client reads one invoice with its lines, as the Admin API's getInvoiceDetails shows it", async (t) => {
  const app = await build(t);
  const token = await login(app, BRUNO);
  const body = assertAnswer(t, await door(app, 'GET', '/invoice/12', {}, { token }), 'getInvoiceId');
  const admin = assertSuccess(t, await api(app, 'getInvoiceDetails', { id: '12' }), 'getInvoiceDetails').invoice as Record<string, unknown>;
  t.strictSame(body, { invoice: expectedInvoice(admin, 'EUR') });
  const invoice = body.invoice as { items: { item_id: string; linetotal: unknown }[]; grandtotal: string; number: string };
  t.strictSame(
    invoice.items.map((line) => line.item_id),
    ['4', '0'],
    'item_id names the service a Hosting line bills',
  );
  t.equal(invoice.items[1].linetotal, 82.5, 'linetotal is a JSON number, as the Admin API sends it');
  t.equal(invoice.grandtotal, '88.03');
  t.equal(invoice.number, '12', 'an unpaid invoice is known by its id');

  const paid = assertAnswer(t, await door(app, 'GET', '/invoice/2', {}, { token }), 'getInvoiceId');
  t.match(paid, { invoice: { id: '2', number: '2026/0042', proforma_id: '2', status: 'Paid' } });
});

t.test("another client's invoice, a missing one and a Draft answer 404 alike", async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const draft = String(assertSuccess(t, await api(app, 'addInvoice', { client_id: '1' }), 'addInvoice').invoice_id);
  const before = storeJson(app);
  for (const id of ['12', '999', draft]) {
    assertRefused(t, await door(app, 'GET', `/invoice/${id}`, {}, { token }), 404, [`Invoice ${id} not found`]);
  }
  t.equal(storeJson(app), before, 'the refusals changed nothing');
});

t.test('an id that is not a number is refused', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const before = storeJson(app);
  assertRefused(t, await door(app, 'GET', '/invoice/abc', {}, { token }), 200, [
    'Parameter id must be a positive whole number id, such as 1',
  ]);
  t.equal(storeJson(app), before, 'the refusal changed nothing');
});

t.test("a contact reads its client's invoice with billing.payinvoice, and is refused without it", async (t) => {
  const app = await build(t);
  const token = await login(app, SABINE);
  t.match(assertAnswer(t, await door(app, 'GET', '/invoice/12', {}, { token }), 'getInvoiceId'), { invoice: { id: '12', client_id: '2' } });
  await grant(app, '11', { support: ['tickets'] });
  const before = storeJson(app);
  assertRefused(t, await door(app, 'GET', '/invoice/12', {}, { token }), 403, [
    'Contact 11 may not do this: it needs the privilege billing.payinvoice (the client grants it with PUT /api/contact/11 or editContactPermissions)',
  ]);
  t.equal(storeJson(app), before);
});
