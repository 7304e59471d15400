import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { ENCODINGS, api, assertError, assertSuccess, build, SERVER_TIME } from '../../helpers/app.js';
import { read } from '../../helpers/reads.js';
import { answersInEachSession, sessionOf } from '../../helpers/sessions.js';
import { refusals, refusedAtOnce } from '../../helpers/refusals.js';

const CALL = 'addCreditReceipt';

type Row = Record<string, unknown>;

/** getInvoiceDetails' invoice without the embedded client. */
async function invoiceOf(t: Test, app: FastifyInstance, id: string, session?: string): Promise<Row> {
  const body = await api(app, 'getInvoiceDetails', { id }, { session });
  const { client, ...invoice } = assertSuccess(t, body, 'getInvoiceDetails').invoice as Row;
  t.equal((client as Row).id, invoice.client_id, 'the client is embedded');
  return invoice;
}

function world(app: FastifyInstance) {
  return app.billsim.sessions.get('default').world;
}

t.test('addCreditReceipt creates an Unpaid, untaxed add-funds invoice in the client currency', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, { client_id: '3', amount: '25' });
  assertSuccess(t, body, CALL);
  t.strictSame(
    body,
    { success: true, invoice_id: '13', call: CALL, server_time: SERVER_TIME },
    'the published answer: invoice_id, no info',
  );

  // Client 3 pays 20% UK VAT on its services; added funds carry none.
  t.strictSame(await invoiceOf(t, app, '13'), {
    id: '13',
    paid_id: '',
    recurring_id: '0',
    status: 'Unpaid',
    client_id: '3',
    date: '2026-11-20',
    duedate: '2026-11-20',
    datepaid: '0000-00-00 00:00:00',
    subtotal: '25.00',
    credit: '0.00',
    tax: '0.00',
    taxrate: '0.00',
    tax2: '0.00',
    taxrate2: '0.00',
    total: '25.00',
    payment_module: '1',
    currency_id: '2',
    rate: '0.7890',
    notes: '',
    items: [
      {
        id: '23',
        invoice_id: '13',
        type: 'Credit',
        item_id: '0',
        description: 'Credit receipt: add funds',
        amount: '25.00',
        taxed: '0',
        qty: '1',
        linetotal: 25,
      },
    ],
    gateway: 'PayPal',
  });
  const details = await read(t, app, 'getInvoiceDetails', { id: '13' });
  t.strictSame(details.transactions, [], 'nothing is paid yet');

  const listed = (await read(t, app, 'getClientInvoices', { id: '3' })).invoices as Row[];
  t.match(listed[0], { id: '13', status: 'Unpaid', total: '25.00', currency_id: '2' }, "the receipt heads the client's invoices");
  const client = (await read(t, app, 'getClientDetails', { id: '3' })).client as Row;
  t.equal(client.credit, '0.00', 'credit comes only once the receipt is paid');
  t.strictSame((await read(t, app, 'getClientCreditLog', { id: '3' })).log, []);

  t.strictSame(assertSuccess(t, await api(app, CALL, { client_id: '2', amount: '0.5' }), CALL), { invoice_id: '14' });
  t.match(
    await invoiceOf(t, app, '14'),
    { currency_id: '1', rate: '0.9215', subtotal: '0.50', total: '0.50', items: [{ id: '24', amount: '0.50', linetotal: 0.5 }] },
    'a plain number, in EUR for a EUR client; line ids keep counting',
  );
});

t.test('addCreditReceipt bills through the first enabled gateway', async (t) => {
  const app = await build(t);
  const w = world(app);
  w.transaction(() => w.replace('gateways', { ...w.get('gateways', '1')!, enabled: '0' }));
  assertSuccess(t, await api(app, CALL, { client_id: '1', amount: '10' }), CALL);
  t.match(await invoiceOf(t, app, '13'), { payment_module: '2', gateway: 'Stripe' }, 'PayPal is disabled, Stripe comes next');

  w.transaction(() => {
    for (const gateway of w.all('gateways')) w.replace('gateways', { ...gateway, enabled: '0' });
  });
  assertSuccess(t, await api(app, CALL, { client_id: '1', amount: '10' }), CALL);
  t.match(await invoiceOf(t, app, '14'), { payment_module: '0', gateway: '' }, 'none enabled: no gateway');
});

t.test('addCreditReceipt answers and changes the same through GET, urlencoded and multipart', async (t) => {
  const app = await build(t);
  await answersInEachSession(
    t,
    app,
    CALL,
    { client_id: '7', amount: '40.10' },
    { success: true, invoice_id: '13', call: CALL, server_time: SERVER_TIME },
  );
  const invoices = [];
  for (const via of ENCODINGS) invoices.push(await invoiceOf(t, app, '13', sessionOf(via)));
  for (const invoice of invoices) t.strictSame(invoice, invoices[0]);
  t.match(invoices[0], { client_id: '7', total: '40.10', status: 'Unpaid' });
  assertError(t, await api(app, 'getInvoiceDetails', { id: '13' }), 'getInvoiceDetails', ['Invoice 13 not found']);
});

refusals(
  'addCreditReceipt refusals change nothing',
  CALL,
  [
    [{ amount: '5' }, 'Parameter client_id is required'],
    [{ client_id: '1' }, 'Parameter amount is required'],
    [{ client_id: 'one', amount: '5' }, 'Parameter client_id must be a positive whole number id, such as 1'],
    [
      { client_id: '1', amount: '5.001' },
      'Parameter amount must be an amount more than 0 with at most two decimals, up to 999999999999.99, such as 10.50',
    ],
    [
      { client_id: '1', amount: '0.00' },
      'Parameter amount must be an amount more than 0 with at most two decimals, up to 999999999999.99, such as 10.50',
    ],
    [{ client_id: '99', amount: '5' }, 'Client 99 not found'],
    [
      { client_id: '11', amount: '5' },
      'Client 11 is a contact of client 2, not a main client: credit belongs to the main client: add funds for client 2',
    ],
  ],
  'no invoice created',
);

t.test('addCreditReceipt: an unknown record and a refused amount in one answer', async (t) => {
  const app = await build(t);
  await refusedAtOnce(t, app, CALL, { client_id: '99', amount: '-5' }, [
    'Client 99 not found',
    'Parameter amount must be an amount more than 0 with at most two decimals, up to 999999999999.99, such as 10.50',
  ]);
});
