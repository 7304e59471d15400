import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, assertSuccess, build, SERVER_TIME } from '../../helpers/app.js';
import { refusals } from '../../helpers/refusals.js';
import { read } from '../../helpers/reads.js';
import { sameEverywhereMutating } from '../../helpers/sessions.js';

const CALL = 'addInvoice';

/** getInvoiceDetails' invoice without the embedded client, and that client's id. */
async function invoiceOf(t: Test, app: FastifyInstance, id: string, session?: string) {
  const result = await read(t, app, 'getInvoiceDetails', { id }, session);
  t.strictSame(result.transactions, [], 'a new invoice has no payments');
  const { client, ...invoice } = result.invoice as Record<string, unknown> & { client: { id: string } };
  return { invoice, clientId: client.id };
}

/** The invoice addInvoice makes: empty, a Draft, dated and due today. */
function draft(fields: Record<string, string>) {
  return {
    id: '13',
    paid_id: '',
    recurring_id: '0',
    status: 'Draft',
    client_id: '1',
    date: '2026-11-20',
    duedate: '2026-11-20',
    datepaid: '0000-00-00 00:00:00',
    subtotal: '0.00',
    credit: '0.00',
    tax: '0.00',
    taxrate: '0.00',
    tax2: '0.00',
    taxrate2: '0.00',
    total: '0.00',
    payment_module: '1',
    currency_id: '0',
    rate: '1.0000',
    notes: '',
    items: [],
    gateway: 'PayPal',
    ...fields,
  };
}

t.test('addInvoice creates an empty Draft invoice dated and due today and answers its id as a string', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, { client_id: '1' });
  t.strictSame(body, { success: true, invoice_id: '13', call: CALL, server_time: SERVER_TIME }, 'the published answer');
  t.strictSame(Object.keys(body), ['success', 'invoice_id', 'call', 'server_time'], 'keys in the published order');
  assertSuccess(t, body, CALL);

  const { invoice, clientId } = await invoiceOf(t, app, '13');
  t.equal(clientId, '1');
  t.strictSame(invoice, draft({ taxrate: '8.25' }), "Alice's Texas sales tax, her currency, the first enabled gateway");

  const drafts = (await read(t, app, 'getInvoices', { list: 'draft' })).invoices as Array<Record<string, string>>;
  t.strictSame(
    drafts.map((i) => [i.id, i.status, i.total]),
    [['13', 'Draft', '0.00']],
    'getInvoices lists the Draft',
  );
  const all = (await read(t, app, 'getInvoices', {})).invoices as Array<Record<string, string>>;
  t.equal(all[0].id, '13', 'and shows it among all invoices, newest first');
});

t.test("addInvoice takes the client's currency, rate and tax rules", async (t) => {
  const app = await build(t);
  const cases: Array<[string, Record<string, string>]> = [
    ['3', { client_id: '3', taxrate: '20.00', currency_id: '2', rate: '0.7890' }],
    ['7', { client_id: '7', taxrate: '5.00', taxrate2: '7.00' }],
    ['2', { client_id: '2', currency_id: '1', rate: '0.9215' }],
  ];
  let id = 13;
  for (const [clientId, fields] of cases) {
    const body = await api(app, CALL, { client_id: clientId });
    t.strictSame(assertSuccess(t, body, CALL), { invoice_id: String(id) });
    const { invoice } = await invoiceOf(t, app, String(id));
    t.strictSame(invoice, draft({ id: String(id), ...fields }), `client ${clientId}`);
    id++;
  }
});

t.test('addInvoice uses the first enabled gateway', async (t) => {
  const app = await build(t);
  const world = app.billsim.sessions.get('default').world;
  await world.mutate(() => world.replace('gateways', { ...world.get('gateways', '1')!, enabled: '0' }));
  assertSuccess(t, await api(app, CALL, { client_id: '4' }), CALL);
  const { invoice } = await invoiceOf(t, app, '13');
  t.match(invoice, { payment_module: '2', gateway: 'Stripe', client_id: '4', taxrate: '23.00' });
});

t.test('a Draft is kept from nothing else: new invoices keep counting after it', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, CALL, { client_id: '1' }), CALL);
  const order = await api(app, 'addOrder', { client_id: '1', product: '2', cycle: 'm', invoice_generate: '1' });
  assertSuccess(t, order, 'addOrder');
  const details = (await read(t, app, 'getOrderDetails', { id: order.order_id as string })).details as Record<string, string>;
  t.equal(details.invoice_id, '14', "the order's invoice takes the next id");
  const { invoice } = await invoiceOf(t, app, '13');
  t.equal(invoice.status, 'Draft', 'the Draft is untouched');
});

t.test('addInvoice answers and stores the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  const body = await sameEverywhereMutating(t, app, CALL, { client_id: '5' });
  t.strictSame(body, { success: true, invoice_id: '13', call: CALL, server_time: SERVER_TIME });
});

refusals('addInvoice refusals change nothing', CALL, [
  [{}, 'Parameter client_id is required'],
  [{ client_id: 'abc' }, 'Parameter client_id must be a positive whole number id, such as 1'],
  [{ client_id: '0' }, 'Parameter client_id must be a positive whole number id, such as 1'],
  [{ client_id: '99' }, 'Client 99 not found'],
  [{ client_id: '10' }, 'Client 10 is a contact of client 1, not a main client: create the invoice for main client 1'],
]);
