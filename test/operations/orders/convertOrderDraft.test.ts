import t from 'tap';
import type { Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, assertError, assertSuccess, build, ENCODINGS, storeJson, type WireParams } from '../../helpers/app.js';
import { refusedWith } from '../../helpers/refusals.js';
import { invoiceDetails, orderDraft, read } from '../../helpers/reads.js';

type Json = Record<string, any>;
const CALL = 'convertOrderDraft';
const INFO = ['Function has been scheduled for execution', 'New Order created'];

async function convert(t: Test, app: FastifyInstance, params: WireParams, session?: string): Promise<string> {
  const body = await api(app, CALL, params, { session });
  assertSuccess(t, body, CALL);
  t.strictSame(Object.keys(body), ['success', 'order_id', 'call', 'server_time', 'info'], 'the published key order');
  t.type(body.order_id, 'number', 'order_id is a JSON number');
  t.strictSame(body.info, INFO);
  return String(body.order_id);
}

async function orderOf(t: Test, app: FastifyInstance, id: string, session?: string): Promise<Json> {
  return assertSuccess(t, await api(app, 'getOrderDetails', { id }, { session }), 'getOrderDetails').details as Json;
}

const invoiceOf = invoiceDetails<Json>;

async function emails(app: FastifyInstance, session?: string): Promise<string[]> {
  const headers = session ? { 'x-billsim-session': session } : {};
  const list = (await app.inject({ method: 'GET', url: '/__billsim/emails', headers })).json().emails as Json[];
  return list.map((e) => e.template).reverse();
}

t.test('convertOrderDraft turns a draft into an order as addOrder places one, then deletes the draft', async (t) => {
  const app = await build(t);
  const draft = (await read(t, app, 'getOrderDraft', { id: '1' })).draft as Json;
  const orderId = await convert(t, app, { id: '1', ip: '203.0.113.9' });
  const order = await orderOf(t, app, orderId);
  t.match(order, { client_id: '1', status: 'Pending', payment_module: '2', module: 'Stripe', currency_id: '0', order_ip: '203.0.113.9' });
  t.strictSame(
    order.hosting.map((s: Json) => [s.product_id, s.domain, s.billingcycle, s.firstpayment, s.total, s.status]),
    [
      ['9', 'app.morgan-design.com', 'Quarterly', '67.00', '57.00', 'Pending'],
      ['17', 'app.morgan-design.com', 'Monthly', '6.00', '6.00', 'Pending'],
    ],
    'one Pending service per draft service, its host as the domain',
  );
  t.strictSame(
    order.domains.map((d: Json) => [d.name, d.type, d.period, d.firstpayment, d.status]),
    [['morgan-studio.net', 'Register', '2', '29.00', 'Pending Registration']],
  );
  const invoice = await invoiceOf(t, app, order.invoice_id);
  t.equal(invoice.status, 'Unpaid');
  t.equal(invoice.subtotal, '102.00', 'what the draft showed as its subtotal');
  t.equal(Number(invoice.subtotal), draft.subtotal);
  t.strictSame(
    invoice.items.map((i: Json) => i.type),
    ['Hosting', 'Setup', 'Hosting', 'Domain Register'],
  );
  t.equal(order.invtotal, invoice.total);
  t.strictSame(await emails(app), ['Order Confirmation', 'Invoice Created'], 'the draft options confirm and send the invoice');
  assertError(t, await api(app, 'getOrderDraft', { id: '1' }), 'getOrderDraft', ['Order draft 1 not found']);
  t.strictSame((await api(app, 'getClientDraftOrders', { client_id: '1' })).orders, []);
  const orders = (await read(t, app, 'getClientOrders', { id: '1' })).orders as Json[];
  t.ok(
    orders.some((o) => o.id === orderId),
    'the client has the order',
  );
});

t.test('each addon is attached to every unit of its service, qty times, and billed', async (t) => {
  const app = await build(t);
  const id = String((await api(app, 'createOrderDraft', { client_id: '7' })).draft_id);
  const added = await api(app, 'addOrderDraftItem', {
    id,
    prod_type: 'service',
    product: '9',
    cycle: 'm',
    qty: '2',
    'addons[1][qty]': '1',
    'addons[2][qty]': '2',
  });
  const draft = assertSuccess(t, added, 'addOrderDraftItem').draft as Json;
  t.equal(draft.subtotal, 86, '2 x (20.00 + 10.00 setup + 3.00 + 2 x 5.00)');
  const order = await orderOf(t, app, await convert(t, app, { id }));
  const [first, second] = order.hosting.map((s: Json) => s.id);
  t.strictSame(
    order.addons.map((a: Json) => [a.account_id, a.addon_id, a.billingcycle, a.recurring_amount, a.status]),
    [
      [first, '1', 'Monthly', '3.00', 'Pending'],
      [first, '2', 'Monthly', '5.00', 'Pending'],
      [first, '2', 'Monthly', '5.00', 'Pending'],
      [second, '1', 'Monthly', '3.00', 'Pending'],
      [second, '2', 'Monthly', '5.00', 'Pending'],
      [second, '2', 'Monthly', '5.00', 'Pending'],
    ],
  );
  t.equal((await invoiceOf(t, app, order.invoice_id)).subtotal, '86.00');
  const attached = (await read(t, app, 'getAccountAddons', { id: first })).account_addons as Json[];
  t.equal(attached.length, 3, 'getAccountAddons shows them on the service');
});

t.test('keep_draft=1 keeps the draft; the same domain cannot be ordered twice', async (t) => {
  const app = await build(t);
  const before = await orderDraft(t, app, '1');
  await convert(t, app, { id: '1', keep_draft: '1' });
  t.strictSame(await orderDraft(t, app, '1'), before);
  const stored = storeJson(app);
  assertError(t, await api(app, CALL, { id: '1' }), CALL, [
    'Domain morgan-studio.net is already held here (domain 11, Pending Registration)',
  ]);
  t.equal(storeJson(app), stored, 'the refused conversion changed nothing, the draft included');
  await api(app, 'removeOrderDraftItem', { id: '1', domain: '1' });
  const again = await orderOf(t, app, await convert(t, app, { id: '1', keep_draft: '0' }));
  t.equal(again.hosting.length, 2, 'without the domain it converts again');
  assertError(t, await api(app, 'getOrderDraft', { id: '1' }), 'getOrderDraft', ['Order draft 1 not found']);
});

t.test('as_free=1 makes a free order without an invoice', async (t) => {
  const app = await build(t);
  const order = await orderOf(t, app, await convert(t, app, { id: '2', as_free: '1' }));
  t.match(order, { total: '0.00', invoice_id: '0', invtotal: null, client_id: '6' });
  t.strictSame(
    order.hosting.map((s: Json) => [s.firstpayment, s.total]),
    [
      ['0.00', '0.00'],
      ['0.00', '0.00'],
    ],
    'two units of the quantity-2 service',
  );
  t.strictSame(
    order.domains.map((d: Json) => [d.name, d.type, d.firstpayment]),
    [
      ['haddad-trading.net', 'Transfer', '0.00'],
      ['haddadtrading.org', 'Register', '0.00'],
    ],
  );
  t.strictSame(await emails(app), [], 'draft 2 sends no confirmation, and there is no invoice to send');
});

t.test('the draft options and module decide the invoice, the e-mails and the gateway', async (t) => {
  const app = await build(t);
  // Draft 3: client 5 (EUR), gateway 4, invoice generated but not sent.
  const order = await orderOf(t, app, await convert(t, app, { id: '3' }));
  t.match(order, { currency_id: '1', payment_module: '4' });
  const invoice = await invoiceOf(t, app, order.invoice_id);
  t.equal(invoice.subtotal, '15.76', 'the client currency, as the draft showed it');
  t.strictSame(await emails(app), ['Order Confirmation']);
  await api(app, 'editOrderDraft', { id: '2', invoice_generate: '0' });
  const other = await orderOf(t, app, await convert(t, app, { id: '2', module: '3' }));
  t.match(other, { invoice_id: '0', payment_module: '3', module: 'Bank Transfer' });
  t.strictSame(await emails(app), ['Order Confirmation'], 'draft 2 confirms nothing, and has no invoice to send');
});

t.test('convertOrderDraft works through GET, urlencoded and multipart alike', async (t) => {
  const app = await build(t);
  const answers: Json[] = [];
  for (const via of ENCODINGS) {
    const body = await api(app, CALL, { id: '3', ip: '198.51.100.1' }, { via, session: via });
    assertSuccess(t, body, CALL);
    const order = await orderOf(t, app, String(body.order_id), via);
    t.match(order, { client_id: '5', order_ip: '198.51.100.1' }, `${via}: getOrderDetails in the same session shows it`);
    answers.push({ ...body, server_time: 0 });
  }
  for (let i = 1; i < answers.length; i++) t.strictSame(answers[i], answers[0], `${ENCODINGS[i]} answers as GET does`);
  t.equal((await api(app, 'getOrderDraft', { id: '3' })).success, true, 'the default session keeps its draft');
});

t.test('refusals name the draft, client or parameter and change nothing', async (t) => {
  const app = await build(t);
  const noClient = String((await api(app, 'createOrderDraft')).draft_id);
  await api(app, 'addOrderDraftItem', { id: noClient, prod_type: 'service', product: '17' });
  const empty = String((await api(app, 'createOrderDraft', { client_id: '1' })).draft_id);
  const forContact = String((await api(app, 'createOrderDraft', { client_id: '10' })).draft_id);
  await api(app, 'addOrderDraftItem', { id: forContact, prod_type: 'service', product: '17' });
  const forInactive = String((await api(app, 'createOrderDraft', { client_id: '8' })).draft_id);
  await api(app, 'addOrderDraftItem', { id: forInactive, prod_type: 'service', product: '17' });
  const cases: Array<[WireParams, string]> = [
    [{}, 'Parameter id is required'],
    [{ id: 'x' }, 'Parameter id must be a positive whole number id, such as 1'],
    [{ id: '1', keep_draft: 'maybe' }, 'Parameter keep_draft must be one of: 0, 1'],
    [{ id: '1', as_free: '2' }, 'Parameter as_free must be one of: 0, 1'],
    [{ id: '1', module: 'x' }, 'Parameter module must be 0 or a positive whole number id'],
    [{ id: '99' }, 'Order draft 99 not found'],
    [{ id: noClient }, `Order draft ${noClient} has no client: set one with editOrderDraft client_id before converting it`],
    [{ id: empty }, `Order draft ${empty} has no items: add a service or a domain with addOrderDraftItem before converting it`],
    [{ id: forContact }, 'Client 10 is a contact of client 1: orders are placed for the main client 1'],
    [{ id: forInactive }, 'Client 8 is Inactive: only an Active client can place an order'],
    [{ id: '1', module: '5' }, 'Gateway 5 (Mollie) is disabled: give an enabled payment gateway as module'],
    [{ id: '1', module: '9' }, 'Gateway 9 not found'],
  ];
  await refusedWith(t, app, CALL, cases);
});
