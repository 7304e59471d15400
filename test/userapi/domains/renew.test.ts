import t from 'tap';
import type { Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, assertSuccess, build, storeJson } from '../../helpers/app.js';
import { domainDetails, invoiceDetails } from '../../helpers/reads.js';
import { ALICE, assertAnswer, assertRefused, door, login, TOM } from '../../helpers/door.js';
import { grant } from '../../helpers/services.js';

type Fields = Record<string, unknown>;

async function pay(t: Test, app: FastifyInstance, id: string, amount: string): Promise<void> {
  const paid = { id, amount, paymentmodule: '2', fee: '0.00', date: '2026-11-20', transnumber: `pay-${id}` };
  assertSuccess(t, await api(app, 'addInvoicePayment', paid), 'addInvoicePayment');
}

t.test('renew raises the renewal invoice now; paid, the domain expires a period later', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const body = assertAnswer(t, await door(app, 'POST', '/domain/1/renew', { years: '1', pay_method: '3' }, { token }), 'postDomainIdRenew');
  const id = body.invoice_id as string;
  t.strictSame(body, { invoice_id: id, info: [`Invoice #${id} created for the renewal of domain #1`] });
  const invoice = await invoiceDetails(t, app, id);
  t.match(invoice, { status: 'Unpaid', date: '2026-11-20', duedate: '2027-03-14', client_id: '1', payment_module: '3' });
  t.strictSame(
    (invoice.items as Record<string, string>[]).map((line) => [line.type, line.item_id, line.description]),
    [['Domain Renew', '1', 'Domain Renewal: morgan-design.com Period: 1 Year/s']],
  );
  t.match(await domainDetails<Fields>(t, app, '1'), { expires: '2027-03-14', next_due: '2027-03-14', next_invoice: '2028-02-13' });
  assertRefused(t, await door(app, 'POST', '/domain/1/renew', {}, { token }), 200, [
    `Domain 1 already has Unpaid invoice ${id} for its renewal: pay that invoice to renew it`,
  ]);
  await pay(t, app, id, invoice.total as string);
  t.match(await domainDetails<Fields>(t, app, '1'), { status: 'Active', expires: '2028-03-14', next_due: '2028-03-14' });
});

t.test('a contact needs billing.orders to renew a domain', async (t) => {
  const app = await build(t);
  const token = await login(app, TOM);
  const before = storeJson(app);
  assertRefused(t, await door(app, 'POST', '/domain/1/renew', {}, { token }), 403, [
    'Contact 10 may not do this: it needs the privilege billing.orders (the client grants it with PUT /api/contact/10 or editContactPermissions)',
  ]);
  t.equal(storeJson(app), before);
  await grant(t, app, '10', ['billing.orders']);
  assertAnswer(t, await door(app, 'POST', '/domain/1/renew', {}, { token }), 'postDomainIdRenew');
});

t.test("bad input, a domain not at the registrar and another client's domain are refused, changing nothing", async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const daniel = await login(app, 'daniel@kowalski-foto.net');
  const before = storeJson(app);
  assertRefused(t, await door(app, 'POST', '/domain/1/renew', { years: '2', pay_method: '5' }, { token }), 200, [
    'Parameter years must be 1: domain 1 renews by its own period of 1 year/s',
    'Gateway 5 (Mollie) is disabled: give an enabled payment gateway as pay_method',
  ]);
  assertRefused(t, await door(app, 'POST', '/domain/5/renew', {}, { token: daniel }), 200, [
    'Domain 5 (kowalski-foto.net) is Pending Transfer: only a domain that is Active or Expired can be renewed',
  ]);
  assertRefused(t, await door(app, 'POST', '/domain/1/renew', {}, { token: daniel }), 404, ['Domain 1 not found']);
  assertRefused(t, await door(app, 'POST', '/domain/1/renew', { years: '11' }, { token }), 200, [
    "Parameter years must be the renewal period in years: the domain's own period",
  ]);
  t.equal(storeJson(app), before);
});

t.test('a walk: lookup, order, pay, a changed nameserver, a renewal invoice, paid, a later expiry', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  t.strictSame(assertAnswer(t, await door(app, 'POST', '/domain/lookup', { name: 'morgan-shop.com' }), 'postDomainLookup'), {
    status: 'ok',
  });
  const order = assertAnswer(t, await door(app, 'POST', '/domain/order', { name: 'morgan-shop.com' }, { token }), 'postDomainOrder');
  const id = (order.items as Fields[])[0].id as string;
  t.match(await domainDetails<Fields>(t, app, id), { status: 'Pending Registration', expires: '0000-00-00' });
  t.strictSame(assertAnswer(t, await door(app, 'POST', '/domain/lookup', { name: 'morgan-shop.com' }), 'postDomainLookup'), {});
  await pay(t, app, order.invoice_id as string, order.total as string);
  t.match(await domainDetails<Fields>(t, app, id), { status: 'Active', expires: '2027-11-20', next_due: '2027-11-20' });
  const listed = assertAnswer(t, await door(app, 'GET', '/domain', {}, { token }), 'getDomain');
  t.match(listed.domains, [{ id, name: 'morgan-shop.com', status: 'Active' }]);

  const ns = { nameservers: ['ns1.shop-dns.net', 'ns2.shop-dns.net'] };
  assertAnswer(t, await door(app, 'PUT', `/domain/${id}/ns`, ns, { token }), 'putDomainIdNs');
  t.strictSame((await domainDetails<Fields>(t, app, id)).nameservers, ['ns1.shop-dns.net', 'ns2.shop-dns.net', '', '']);

  const renewal = assertAnswer(t, await door(app, 'POST', `/domain/${id}/renew`, {}, { token }), 'postDomainIdRenew');
  const invoice = await invoiceDetails(t, app, renewal.invoice_id as string);
  t.match(invoice, { status: 'Unpaid', duedate: '2027-11-20', subtotal: '14.95' });
  await pay(t, app, renewal.invoice_id as string, invoice.total as string);
  t.match(await invoiceDetails(t, app, renewal.invoice_id as string), { status: 'Paid' });
  t.match(await domainDetails<Fields>(t, app, id), { status: 'Active', expires: '2028-11-20', next_due: '2028-11-20' });
  const shown = assertAnswer(t, await door(app, 'GET', `/domain/${id}`, {}, { token }), 'getDomainId');
  t.match(shown.domain, { expires: '2028-11-20', nameservers: ['ns1.shop-dns.net', 'ns2.shop-dns.net', '', ''] });
});
