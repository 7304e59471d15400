// A storefront's whole walk: quote, order, pay the invoice (with credit at this
// door, or a payment at the Admin door), and find the service Active at both doors.
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import type { Test } from 'tap';
import { api, assertSuccess, build } from '../../helpers/app.js';
import { accountDetails, affiliatesById, invoiceDetails, read } from '../../helpers/reads.js';
import { ALICE, assertAnswer, door, login } from '../../helpers/door.js';
import { BRUNO } from '../../helpers/userBilling.js';

type Fields = Record<string, unknown>;

/** Asserts the service is Active and listed by GET /api/service, getClientAccounts and getAccounts alike. */
async function listedAtBothDoors(t: Test, app: FastifyInstance, token: string, clientId: string, id: string): Promise<void> {
  t.match(await accountDetails(t, app, id), { status: 'Active', client_id: clientId });
  const services = assertAnswer(t, await door(app, 'GET', '/service', {}, { token }), 'getService').services as Fields[];
  t.match(
    services.find((s) => s.id === id),
    { id, status: 'Active' },
    'GET /api/service lists it Active',
  );
  const own = (await read(t, app, 'getClientAccounts', { id: clientId })).accounts as Fields[];
  t.match(
    own.find((a) => a.id === id),
    { id, status: 'Active' },
    'getClientAccounts lists it Active',
  );
  const all = (await read(t, app, 'getAccounts', { list: 'all_active', perpage: '100' })).accounts as Fields[];
  t.ok(
    all.some((a) => a.id === id),
    'getAccounts lists it among the active ones',
  );
  const one = assertAnswer(t, await door(app, 'GET', `/service/${id}`, {}, { token }), 'getServiceId');
  t.match(one.service, { id, status: 'Active' });
}

t.test('quote, order, pay with credit at this door: the service is Active at both doors', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const items = [{ type: 'product', product_id: '1', cycle: 'a', domain: 'walk.morgan-design.com' }];
  const quote = assertAnswer(t, await door(app, 'POST', '/quote', { items }, { token }), 'postQuote').quote as Fields;
  const order = assertAnswer(t, await door(app, 'POST', '/order', { items, pay_method: '1' }, { token }), 'postOrder');
  t.equal(order.total, quote.total);
  const service = (order.items as Fields[])[0].id as string;
  t.match(await accountDetails(t, app, service), { status: 'Pending' });

  assertSuccess(t, await api(app, 'addClientCredit', { client_id: '1', amount: quote.total as string }), 'addClientCredit');
  const paid = assertAnswer(t, await door(app, 'POST', `/invoice/${order.invoice_id}/credit`, {}, { token }), 'postInvoiceIdCredit');
  t.match(paid.invoice, { id: order.invoice_id, status: 'Paid', credit: quote.total });
  t.match(await invoiceDetails(t, app, order.invoice_id as string), { status: 'Paid' });
  t.match((await read(t, app, 'getOrderDetails', { id: order.order_id as string })).details, { status: 'Active' });
  await listedAtBothDoors(t, app, token, '1', service);
});

t.test('order at this door, addInvoicePayment at the Admin door: Active at both, the referrer earns', async (t) => {
  const app = await build(t);
  const token = await login(app, BRUNO);
  const before = (await affiliatesById(t, app))['1'];
  const items = [
    { type: 'product', product_id: '4', cycle: 'm', domain: 'walk.keller-shop.eu' },
    { type: 'domain', name: 'keller-walk.eu' },
  ];
  const order = assertAnswer(t, await door(app, 'POST', '/order', { items, aff_id: '1', pay_method: '3' }, { token }), 'postOrder');
  const [service, domain] = (order.items as Fields[]).map((item) => item.id as string);
  const invoice = await invoiceDetails(t, app, order.invoice_id as string);
  const payment = {
    id: order.invoice_id as string,
    amount: invoice.total as string,
    paymentmodule: '3',
    fee: '0.00',
    date: '2026-11-20',
    transnumber: 'walk-1',
  };
  assertSuccess(t, await api(app, 'addInvoicePayment', payment), 'addInvoicePayment');
  await listedAtBothDoors(t, app, token, '2', service);
  t.match((await read(t, app, 'getDomainDetails', { id: domain })).details, { name: 'keller-walk.eu', status: 'Active' });
  const after = (await affiliatesById(t, app))['1'];
  t.equal(after.signups, String(Number(before.signups) + 1), 'the referred order counts as an earned signup once paid');
  t.not(after.balance, before.balance, "the commission joined the affiliate's balance");
});
