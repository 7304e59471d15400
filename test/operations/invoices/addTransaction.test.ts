import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, apiJson, assertSuccess, build, sameEverywhere, storeJson, SERVER_TIME, type WireParams } from '../../helpers/app.js';
import { keyOrder } from '../../helpers/shapes.js';
import { refusedAtOnce, refusedEach } from '../../helpers/refusals.js';
import { accountDetails, clientDetails, emails, read } from '../../helpers/reads.js';

const CALL = 'addTransaction';

// The published sample (api2 transactions/addTransaction.html), as data: no id, no info.
const SAMPLE = {
  success: true,
  call: 'addTransaction',
  server_time: 1323789948,
};
const ADDED = { success: true, call: CALL, server_time: SERVER_TIME };

// Charlotte Evans (client 3, GBP): a record of money received, against no invoice.
const RECORD: WireParams = {
  client_id: '3',
  in: '12.50',
  fee: '0.40',
  module: '1',
  date: '2026-11-19 08:15:00',
  trans_id: 'PAY-5521',
  description: 'Deposit for a custom job',
};

async function transactions(t: Test, app: FastifyInstance, params: WireParams, session?: string) {
  return (await read(t, app, 'getTransactions', params, session)).transactions as Record<string, unknown>[];
}

async function invoice(t: Test, app: FastifyInstance, id: string, session?: string) {
  const result = await read(t, app, 'getInvoiceDetails', { id }, session);
  return { invoice: result.invoice as Record<string, unknown>, transactions: result.transactions as Record<string, unknown>[] };
}

t.test('addTransaction answers the published sample, key for key and type for type', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, RECORD);
  assertSuccess(t, body, CALL);
  t.strictSame(body, ADDED);
  t.strictSame(Object.keys(body), Object.keys(SAMPLE), 'the keys in the published order');
  t.strictSame(
    Object.values(body).map((v) => typeof v),
    Object.values(SAMPLE).map((v) => typeof v),
    'the published JSON types',
  );
});

t.test('a transaction without an invoice is a record only: listed, found by its reference, nothing else changes', async (t) => {
  const app = await build(t);
  const clientBefore = await clientDetails(t, app, '3');
  const invoicesBefore = await read(t, app, 'getInvoices', { perpage: '1000' });
  t.strictSame(await api(app, CALL, RECORD), ADDED);

  const listed = {
    in: '12.50',
    out: '0.00',
    id: '21',
    firstname: 'Charlotte',
    lastname: 'Evans',
    date: '2026-11-19 08:15:00',
    currency_id: '2',
    description: 'Deposit for a custom job',
    fee: '0.40',
    module: 'PayPal',
    client_id: '3',
    trans_id: 'PAY-5521',
    invoice_id: '0',
  };
  const newest = (await transactions(t, app, { client_id: '3' }))[0];
  t.strictSame(newest, listed, 'the newest row of getTransactions for the client');
  keyOrder(t, newest, 'in out id firstname lastname date currency_id description fee module client_id trans_id invoice_id');
  t.strictSame(await transactions(t, app, { 'filter[trans_id]': 'PAY-5521' }), [listed], 'filter[trans_id] finds it');
  const ofClient = (await read(t, app, 'getClientTransactions', { id: '3' })).transactions as unknown[];
  t.strictSame(ofClient[0], listed, 'getClientTransactions lists it first');
  t.strictSame((await read(t, app, 'getTransactionDetails', { id: '21' })).transaction, {
    client_id: '3',
    invoice_id: '0',
    module: '1',
    date: '2026-11-19 08:15:00',
    description: 'Deposit for a custom job',
    in: '12.50',
    fee: '0.40',
    out: '0.00',
    trans_id: 'PAY-5521',
    id: '21',
    rate: '0.7890',
    currency_id: '2',
  });
  t.strictSame(await clientDetails(t, app, '3'), clientBefore, "the client's credit and details are as they were");
  t.strictSame(await read(t, app, 'getInvoices', { perpage: '1000' }), invoicesBefore, 'no invoice changed');
  t.strictSame(await emails(app), [], 'no e-mail');
});

t.test('defaults: now, no gateway, a made-up reference, an empty description; out alone is money paid back', async (t) => {
  const app = await build(t);
  t.strictSame(await api(app, CALL, { client_id: '1', out: '5' }), ADDED);
  t.strictSame((await transactions(t, app, { client_id: '1' }))[0], {
    in: '0.00',
    out: '5.00',
    id: '21',
    firstname: 'Alice',
    lastname: 'Morgan',
    date: '2026-11-20 12:00:00',
    currency_id: '0',
    description: '',
    fee: '0.00',
    module: '',
    client_id: '1',
    trans_id: 'BS-20261120-000021',
    invoice_id: '0',
  });
  // A date alone takes the clock's time of day, an ISO date-time is read in UTC, module=0 and invoice_id=0 name nothing.
  t.strictSame(await api(app, CALL, { client_id: '1', in: '1', date: '2026-11-02', module: '0', invoice_id: '0' }), ADDED);
  t.strictSame(await apiJson(app, CALL, { client_id: 1, in: 2.5, date: '2026-11-03T09:00:00+01:00' }), ADDED);
  const rows = await transactions(t, app, { client_id: '1' });
  t.strictSame(
    rows.slice(0, 2).map((row) => [row.id, row.in, row.date, row.invoice_id, row.module]),
    [
      ['23', '2.50', '2026-11-03 08:00:00', '0', ''],
      ['22', '1.00', '2026-11-02 12:00:00', '0', ''],
    ],
  );
});

t.test('against an invoice, `in` is a payment with addInvoicePayment rules: a partial one leaves it Unpaid', async (t) => {
  const app = await build(t);
  // Invoice 8: Grace Liu (client 7, USD), 75.04, 25.00 already paid.
  t.strictSame(await api(app, CALL, { client_id: '7', invoice_id: '8', in: '20.04', fee: '0.88', module: '2', trans_id: 'ch_1' }), ADDED);
  const after = await invoice(t, app, '8');
  t.match(after.invoice, { status: 'Unpaid', paid_id: '', datepaid: '0000-00-00 00:00:00' });
  t.strictSame(after.transactions[1], {
    in: '20.04',
    out: '0.00',
    id: '21',
    firstname: 'Grace',
    lastname: 'Liu',
    date: '2026-11-20 12:00:00',
    currency_id: '0',
    description: 'Invoice #8 partial payment',
    fee: '0.88',
    module: 'Stripe',
    client_id: '7',
    trans_id: 'ch_1',
    invoice_id: '8',
  });
  // Without module, the invoice's own gateway (Stripe); a given description is kept.
  t.strictSame(await api(app, CALL, { client_id: '7', invoice_id: '8', in: '30', description: 'Rest, by phone' }), ADDED);
  const paid = await invoice(t, app, '8');
  t.match(paid.invoice, { status: 'Paid', paid_id: '2026/0048', datepaid: '2026-11-20 12:00:00' });
  t.match(paid.transactions[2], { in: '30.00', description: 'Rest, by phone', module: 'Stripe', trans_id: 'BS-20261120-000022' });
});

/** The same payment made through addInvoicePayment in one session and addTransaction in another. */
async function bothWays(t: Test, app: FastifyInstance, payment: WireParams, transaction: WireParams) {
  t.strictSame(await api(app, 'addInvoicePayment', payment, { session: 'payment' }), {
    ...ADDED,
    call: 'addInvoicePayment',
    info: ['Transaction has been added to invoice'],
  });
  t.strictSame(await api(app, CALL, transaction, { session: 'transaction' }), ADDED);
  t.equal(storeJson(app, 'transaction'), storeJson(app, 'payment'), 'the two paths leave the same world, record for record');
}

t.test('paying an invoice in full through addTransaction does exactly what addInvoicePayment does', async (t) => {
  const app = await build(t);
  // Invoice 3: Charlotte Evans (client 3, GBP), 5.20 due on 2026-11-08, billing account 5, Suspended for it, due that day.
  t.match(await accountDetails(t, app, '5'), { status: 'Suspended', next_due: '2026-11-08' });
  await bothWays(
    t,
    app,
    { id: '3', amount: '5.20', paymentmodule: '1', fee: '0.30', date: '2026-11-20 10:00:00', transnumber: 'PP-1' },
    { client_id: '3', invoice_id: '3', in: '5.20', fee: '0.30', module: '1', date: '2026-11-20 10:00:00', trans_id: 'PP-1' },
  );
  for (const session of ['payment', 'transaction']) {
    t.match((await invoice(t, app, '3', session)).invoice, { status: 'Paid', datepaid: '2026-11-20 10:00:00', paid_id: '2026/0048' });
    t.match(await accountDetails(t, app, '5', session), { status: 'Active', next_due: '2026-12-08' }, `${session}: renewed and back`);
  }
});

t.test(
  'an order invoice paid through addTransaction accepts its order; an overpayment becomes credit, as with addInvoicePayment',
  async (t) => {
    const app = await build(t);
    // Invoice 8 (Grace Liu, 50.04 due) carries Pending order 1018 and its Pending account 10.
    await bothWays(
      t,
      app,
      { id: '8', amount: '60.04', paymentmodule: '2', fee: '0', date: '2026-11-20' },
      { client_id: '7', invoice_id: '8', in: '60.04', module: '2', date: '2026-11-20' },
    );
    t.match((await read(t, app, 'getOrderDetails', { id: '1018' }, 'transaction')).details, { status: 'Active', invstatus: 'Paid' });
    t.match(await accountDetails(t, app, '10', 'transaction'), { status: 'Active' });
    t.equal((await clientDetails(t, app, '7', 'transaction')).credit, '10.00', '60.04 paid on 50.04 due');
  },
);

t.test('against an invoice, `out` refunds money paid on it: the balance due grows, the status stays', async (t) => {
  const app = await build(t);
  // Invoice 12: Bruno Keller (client 2, EUR), 88.03, 40.00 paid.
  t.strictSame(await api(app, CALL, { client_id: '2', invoice_id: '12', out: '15', fee: '0.50', date: '2026-11-20 09:00:00' }), ADDED);
  const after = await invoice(t, app, '12');
  t.match(after.invoice, { status: 'Unpaid', total: '88.03' });
  t.match(after.transactions.at(-1), {
    in: '0.00',
    out: '15.00',
    fee: '0.50',
    currency_id: '1',
    description: 'Invoice #12 refund',
    module: 'Bank Transfer',
    invoice_id: '12',
  });
  // 40.00 - 15.00 = 25.00 counts as paid now: 63.03 settles the invoice, 63.02 does not.
  t.strictSame(await api(app, 'addInvoicePayment', { id: '12', amount: '63.02', paymentmodule: '3', fee: '0', date: '2026-11-20' }), {
    ...ADDED,
    call: 'addInvoicePayment',
    info: ['Transaction has been added to invoice'],
  });
  t.match((await invoice(t, app, '12')).invoice, { status: 'Unpaid' });
  t.strictSame(await api(app, CALL, { client_id: '2', invoice_id: '12', in: '0.01' }), ADDED);
  t.match((await invoice(t, app, '12')).invoice, { status: 'Paid' });
  // A Paid invoice can still be refunded; it stays Paid.
  t.strictSame(await api(app, CALL, { client_id: '2', invoice_id: '12', out: '88.03' }), ADDED);
  t.match((await invoice(t, app, '12')).invoice, { status: 'Paid' });
});

t.test('addTransaction works the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  const body = await sameEverywhere(t, app, CALL, RECORD);
  t.strictSame(body, ADDED);
  t.equal((await transactions(t, app, { client_id: '3' }))[0].id, '23', 'three transactions recorded');
});

t.test("the known caller's request (no client_id, its own names) is refused as the page's required parameter says", async (t) => {
  const app = await build(t);
  await refusedAtOnce(
    t,
    app,
    CALL,
    { invoice_id: '8', transaction_id: 'TX-1', description: 'Payment via transaction TX-1', in: '1.00', gateway: 'manual' },
    ['Parameter client_id is required'],
  );
});

t.test('addTransaction refusals change nothing', async (t) => {
  const app = await build(t);
  const payment = { client_id: '7', invoice_id: '8', in: '10' };
  const cases: Array<[string, WireParams, string]> = [
    ['no client', { in: '1' }, 'Parameter client_id is required'],
    ['malformed client', { client_id: 'x', in: '1' }, 'Parameter client_id must be a positive whole number id, such as 1'],
    ['unknown client', { client_id: '99', in: '1' }, 'Client 99 not found'],
    [
      'a contact',
      { client_id: '10', in: '1' },
      'Client 10 is a contact of client 1, not a main client: transactions belong to the main client: give client_id 1',
    ],
    ['nothing moved', { client_id: '1' }, 'Nothing to record: give in (money received) or out (money paid back) more than 0'],
    ['zeros', { client_id: '1', in: '0', out: '0.00' }, 'Nothing to record: give in (money received) or out (money paid back) more than 0'],
    [
      'negative in',
      { client_id: '1', in: '-1' },
      'Parameter in must be a non-negative amount with at most two decimals, up to 999999999999.99, such as 12.30',
    ],
    [
      'malformed out',
      { client_id: '1', out: '1,50' },
      'Parameter out must be a non-negative amount with at most two decimals, up to 999999999999.99, such as 12.30',
    ],
    ['fee above the amount', { client_id: '1', in: '1', out: '2', fee: '3.01' }, 'Parameter fee must be at most in plus out (3.00)'],
    ['unknown gateway', { client_id: '1', in: '1', module: '9' }, 'Gateway 9 not found'],
    [
      'disabled gateway',
      { client_id: '1', in: '1', module: '5' },
      'Gateway 5 (Mollie) is disabled: give an enabled payment gateway as module',
    ],
    [
      'no such day',
      { client_id: '1', in: '1', date: '2026-02-30' },
      'Parameter date must be a real date as YYYY-MM-DD, YYYY-MM-DD HH:MM:SS or an ISO 8601 date-time',
    ],
    ['unknown invoice', { ...payment, invoice_id: '99' }, 'Invoice 99 not found'],
    [
      "another client's invoice",
      { ...payment, client_id: '1' },
      'Invoice #8 belongs to client 7, not to client 1: give client_id 7 or an invoice of client 1',
    ],
    [
      'a payment and a refund at once',
      { ...payment, out: '1' },
      'Parameters in and out exclude each other against an invoice: a payment and a refund of invoice #8 are two transactions',
    ],
    [
      'a Paid invoice takes no payment',
      { client_id: '1', invoice_id: '1', in: '1' },
      'Invoice #1 is Paid: only an Unpaid invoice (or one in Collections) takes payments',
    ],
    [
      'a Cancelled invoice takes no payment',
      { client_id: '6', invoice_id: '7', in: '1' },
      'Invoice #7 is Cancelled: only an Unpaid invoice (or one in Collections) takes payments',
    ],
    [
      'a refund beyond what was paid',
      { client_id: '7', invoice_id: '8', out: '25.01' },
      'Invoice #8 has 25.00 paid on it (payments less refunds), less than the 25.01 refund asked for: give out of at most 25.00',
    ],
    [
      'a refund on an invoice nothing was paid on',
      { client_id: '3', invoice_id: '3', out: '1' },
      'Invoice #3 has 0.00 paid on it (payments less refunds), less than the 1.00 refund asked for: give out of at most 0.00',
    ],
    [
      'trans_id too long',
      { client_id: '1', in: '1', trans_id: 'x'.repeat(256) },
      'Parameter trans_id must be a text of at most 255 characters',
    ],
  ];
  await refusedEach(t, app, CALL, cases, 'no transaction, invoice, service or credit change');
});

t.test('every independent problem in one answer, in the order of the parameters', async (t) => {
  const app = await build(t);
  await refusedAtOnce(t, app, CALL, { client_id: '99', in: '-1', out: '0', fee: '-2', module: '9', date: '2026-13-01', invoice_id: '77' }, [
    'Client 99 not found',
    'Parameter in must be a non-negative amount with at most two decimals, up to 999999999999.99, such as 12.30',
    'Parameter fee must be a non-negative amount with at most two decimals, up to 999999999999.99, such as 12.30',
    'Gateway 9 not found',
    'Parameter date must be a real date as YYYY-MM-DD, YYYY-MM-DD HH:MM:SS or an ISO 8601 date-time',
    'Invoice 77 not found',
  ]);
  await refusedAtOnce(t, app, CALL, { client_id: '1', invoice_id: '8', in: '1', fee: '2', module: '5' }, [
    'Parameter fee must be at most in plus out (1.00)',
    'Gateway 5 (Mollie) is disabled: give an enabled payment gateway as module',
    'Invoice #8 belongs to client 7, not to client 1: give client_id 7 or an invoice of client 1',
  ]);
  // Malformed values are answered by the schema, all together, before any record is looked up.
  await refusedAtOnce(t, app, CALL, { client_id: 'me', in: 'ten', module: 'paypal', date: 'today' }, [
    'Parameter client_id must be a positive whole number id, such as 1',
    'Parameter in must be a non-negative amount with at most two decimals, up to 999999999999.99, such as 12.30',
    'Parameter module must be 0 or a positive whole number id',
    'Parameter date must be a date as YYYY-MM-DD, YYYY-MM-DD HH:MM:SS or an ISO 8601 date-time such as 2026-11-20T10:00:00.000Z',
  ]);
});
