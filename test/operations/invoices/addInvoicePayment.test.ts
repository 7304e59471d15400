import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { ENCODINGS, api, apiJson, assertSuccess, build, type WireParams, SERVER_TIME } from '../../helpers/app.js';
import { refusedAtOnce, refusedWith, refusedEach } from '../../helpers/refusals.js';
import { accountDetails, emails, read } from '../../helpers/reads.js';

const CALL = 'addInvoicePayment';
const ADDED = { success: true, call: CALL, server_time: SERVER_TIME, info: ['Transaction has been added to invoice'] };

// Invoice 8: Grace Liu (client 7, USD), total 75.04, 25.00 already paid (transaction 13), so 50.04 due; order 1018 is Pending on it.
const GRACE: WireParams = {
  id: '8',
  amount: '20.04',
  paymentmodule: '2',
  fee: '0.88',
  date: '2026-11-20 09:30:00',
  transnumber: 'ch_3QgT1xLk',
};
const EARLIER = {
  in: '25.00',
  out: '0.00',
  id: '13',
  firstname: 'Grace',
  lastname: 'Liu',
  date: '2026-11-19 20:31:55',
  currency_id: '0',
  description: 'Invoice #8 partial payment',
  fee: '1.03',
  module: 'Stripe',
  client_id: '7',
  trans_id: 'ch_3QhT2aLkdIwHu7ix1m9ZcQ7r',
  invoice_id: '8',
};

async function invoice(t: Test, app: FastifyInstance, id: string, session?: string) {
  const result = await read(t, app, 'getInvoiceDetails', { id }, session);
  return { invoice: result.invoice as Record<string, unknown>, transactions: result.transactions as Record<string, unknown>[] };
}

async function credit(t: Test, app: FastifyInstance, clientId: string): Promise<unknown> {
  return ((await read(t, app, 'getClientDetails', { id: clientId })).client as { credit: string }).credit;
}

function tx(fields: Record<string, string>) {
  return { ...EARLIER, out: '0.00', currency_id: '0', ...fields };
}

t.test('a partial payment leaves the invoice Unpaid; the rest, paid later, settles it', async (t) => {
  const app = await build(t);
  t.strictSame(await api(app, CALL, GRACE), ADDED, 'the published answer');

  const partial = tx({ in: '20.04', id: '21', date: '2026-11-20 09:30:00', fee: '0.88', trans_id: 'ch_3QgT1xLk' });
  const after = await invoice(t, app, '8');
  t.match(after.invoice, { status: 'Unpaid', paid_id: '', datepaid: '0000-00-00 00:00:00', total: '75.04' });
  t.strictSame(after.transactions, [EARLIER, partial], 'the payment is listed after the earlier one');
  const listed = await read(t, app, 'getTransactions', { invoice_id: '8' });
  t.strictSame(listed.transactions, [partial, EARLIER], 'getTransactions lists it, newest first');

  // 75.04 - 25.00 - 20.04 = 30.00 is left: paying exactly that settles the invoice with nothing over.
  t.strictSame(await api(app, CALL, { ...GRACE, amount: '30', fee: '0', transnumber: 'ch_rest' }), ADDED);
  const paid = await invoice(t, app, '8');
  t.match(paid.invoice, { status: 'Paid', paid_id: '2026/0048', datepaid: '2026-11-20 09:30:00' });
  t.strictSame(
    paid.transactions[2],
    tx({ in: '30.00', id: '22', date: '2026-11-20 09:30:00', description: 'Invoice #8 payment', fee: '0.00', trans_id: 'ch_rest' }),
  );
  t.equal(await credit(t, app, '7'), '0.00', 'nothing was overpaid');
});

t.test('a full payment dated by day alone marks the invoice Paid at the clock time and accepts its order', async (t) => {
  const app = await build(t);
  const params = { id: '8', amount: '50.04', paymentmodule: '2', fee: '0.88', date: '2026-11-20' };
  t.strictSame(await api(app, CALL, params), ADDED);
  const paid = await invoice(t, app, '8');
  t.match(paid.invoice, { status: 'Paid', paid_id: '2026/0048', datepaid: '2026-11-20 12:00:00' });
  t.strictSame(
    paid.transactions[1],
    tx({
      in: '50.04',
      id: '21',
      date: '2026-11-20 12:00:00',
      description: 'Invoice #8 payment',
      fee: '0.88',
      trans_id: 'BS-20261120-000021',
    }),
    'a made-up reference when no transnumber is given',
  );
  t.match((await read(t, app, 'getOrderDetails', { id: '1018' })).details, { status: 'Active', invstatus: 'Paid' });
  t.match(await accountDetails(t, app, '10'), { status: 'Active' });
  t.strictSame(await emails(app), [], 'no e-mail without send_email=1');
});

t.test('paying the invoice of a new Pending order activates the order and its service', async (t) => {
  const app = await build(t);
  const order = await api(app, 'addOrder', { client_id: '1', product: '2', cycle: 'm', invoice_generate: '1' });
  assertSuccess(t, order, 'addOrder');
  const details = (await read(t, app, 'getOrderDetails', { id: order.order_id as string })).details as Record<string, unknown>;
  t.match(details, { status: 'Pending', invoice_id: '13', hosting: [{ status: 'Pending' }] });
  const { total } = (await invoice(t, app, '13')).invoice as { total: string };

  t.strictSame(await api(app, CALL, { id: '13', amount: total, paymentmodule: '1', fee: '0', date: '2026-11-20 12:05:00' }), ADDED);
  t.match((await invoice(t, app, '13')).invoice, { status: 'Paid', paid_id: '2026/0048', datepaid: '2026-11-20 12:05:00' });
  const accepted = (await read(t, app, 'getOrderDetails', { id: order.order_id as string })).details as { hosting: { id: string }[] };
  t.match(accepted, { status: 'Active', invstatus: 'Paid', hosting: [{ status: 'Active' }] });
  t.match((await read(t, app, 'getAccountDetails', { id: accepted.hosting[0].id })).details, { status: 'Active' });
});

t.test("an overpayment settles the invoice and sends the excess to the client's credit", async (t) => {
  const app = await build(t);
  t.strictSame(await api(app, CALL, { ...GRACE, amount: '60.04' }), ADDED);
  t.match((await invoice(t, app, '8')).invoice, { status: 'Paid' });
  t.equal(await credit(t, app, '7'), '10.00', '60.04 paid on 50.04 due');
});

t.test('send_email=1 records the payment confirmation in the outbox', async (t) => {
  const app = await build(t);
  t.strictSame(await api(app, CALL, { ...GRACE, send_email: '1' }), ADDED);
  t.strictSame(await emails(app), [
    {
      id: '1',
      date: '2026-11-20 12:00:00',
      to: 'grace@graceliu.io',
      subject: 'Invoice Payment Confirmation #8',
      template: 'Invoice Payment Confirmation',
      client_id: '7',
      related: { invoice_id: '8', transaction_id: '21' },
    },
  ]);
  t.strictSame(await api(app, CALL, { ...GRACE, send_email: '0' }), ADDED);
  t.equal((await emails(app)).length, 1, 'send_email=0 sends nothing');
});

t.test("a payment in another currency is recorded in the invoice's currency", async (t) => {
  // Invoice 12: Bruno Keller (client 2, EUR at 0.9215), total 88.03, 40.00 paid, so 48.03 due.
  const app = await build(t);
  const bruno = { id: '12', paymentmodule: '3', date: '2026-11-20 10:00:00' };
  t.strictSame(await api(app, CALL, { ...bruno, amount: '10.00', fee: '1.00', currency_id: '2', rate: '0.5000' }), ADDED);
  t.strictSame(await api(app, CALL, { ...bruno, amount: '10.00', fee: '0', currency_id: '1', rate: '2.0000' }), ADDED);
  let after = await invoice(t, app, '12');
  t.strictSame(
    after.transactions.slice(1).map((x) => [x.in, x.fee, x.currency_id, x.description]),
    [
      ['18.43', '1.84', '1', 'Invoice #12 partial payment'],
      ['10.00', '0.00', '1', 'Invoice #12 partial payment'],
    ],
    'GBP 10.00 at a given rate of 0.5 is EUR 18.43 (fee too); in the invoice currency the rate is ignored',
  );
  // 48.03 - 18.43 - 10.00 = 19.60 left; USD 100.00 at the stored rate 1.0000 is EUR 92.15, 72.55 over.
  t.strictSame(await api(app, CALL, { ...bruno, amount: '100.00', fee: '2.00', currency_id: '0' }), ADDED);
  after = await invoice(t, app, '12');
  t.match(after.invoice, { status: 'Paid', currency_id: '1' });
  t.strictSame(after.transactions[3], {
    in: '92.15',
    out: '0.00',
    id: '23',
    firstname: 'Bruno',
    lastname: 'Keller',
    date: '2026-11-20 10:00:00',
    currency_id: '1',
    description: 'Invoice #12 payment',
    fee: '1.84',
    module: 'Bank Transfer',
    client_id: '2',
    trans_id: 'BS-20261120-000023',
    invoice_id: '12',
  });
  t.equal(await credit(t, app, '2'), '87.55', "the bundled 15.00 plus the 72.55 excess, in the client's currency (EUR)");
});

t.test('amounts as plain numbers, as the n8n node sends them, in a query or a JSON body', async (t) => {
  const app = await build(t);
  t.strictSame(await api(app, CALL, { ...GRACE, amount: '10', fee: '0.5' }), ADDED);
  t.strictSame(await apiJson(app, CALL, { id: 8, amount: 10.5, paymentmodule: 2, fee: 0, date: '2026-11-20' }), ADDED);
  const { transactions } = await invoice(t, app, '8');
  t.strictSame(
    transactions.slice(1).map((x) => [x.in, x.fee]),
    [
      ['10.00', '0.50'],
      ['10.50', '0.00'],
    ],
  );
});

t.test('addInvoicePayment works the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  for (const via of ENCODINGS) t.strictSame(await api(app, CALL, GRACE, { via, session: via }), ADDED, via);
  const states = await Promise.all(ENCODINGS.map((via) => invoice(t, app, '8', via)));
  for (const state of states) t.strictSame(state, states[0]);
  t.equal(states[0].transactions.length, 2);
  t.equal((await invoice(t, app, '8')).transactions.length, 1, 'the default session is untouched');
});

t.test('addInvoicePayment refusals change nothing', async (t) => {
  const app = await build(t);
  const { world } = app.billsim.sessions.get('default');
  // Invoice 3 (client 3) made a Draft, which takes no payments until it is issued.
  await world.mutate(() => world.replace('invoices', { ...world.get('invoices', '3')!, status: 'Draft' }));
  const cases: Array<[string, WireParams, string]> = [
    ['unknown invoice', { ...GRACE, id: '99' }, 'Invoice 99 not found'],
    ['Draft invoice', { ...GRACE, id: '3' }, 'Invoice #3 is Draft: only an Unpaid invoice (or one in Collections) takes payments'],
    ['Paid invoice', { ...GRACE, id: '1' }, 'Invoice #1 is Paid: only an Unpaid invoice (or one in Collections) takes payments'],
    ['Cancelled invoice', { ...GRACE, id: '7' }, 'Invoice #7 is Cancelled: only an Unpaid invoice (or one in Collections) takes payments'],
    ['Refunded invoice', { ...GRACE, id: '9' }, 'Invoice #9 is Refunded: only an Unpaid invoice (or one in Collections) takes payments'],
    ['unknown gateway', { ...GRACE, paymentmodule: '9' }, 'Gateway 9 not found'],
    [
      'disabled gateway',
      { ...GRACE, paymentmodule: '5' },
      'Gateway 5 (Mollie) is disabled: give an enabled payment gateway as paymentmodule',
    ],
    [
      'zero amount',
      { ...GRACE, amount: '0', fee: '0' },
      'Parameter amount must be an amount more than 0 with at most two decimals, up to 999999999999.99, such as 10.50',
    ],
    [
      'zero amount with decimals',
      { ...GRACE, amount: '0.00', fee: '0' },
      'Parameter amount must be an amount more than 0 with at most two decimals, up to 999999999999.99, such as 10.50',
    ],
    [
      'negative amount',
      { ...GRACE, amount: '-5.00', fee: '0' },
      'Parameter amount must be an amount more than 0 with at most two decimals, up to 999999999999.99, such as 10.50',
    ],
    ['fee above the amount', { ...GRACE, amount: '10', fee: '10.01' }, 'Parameter fee must be at most the amount paid (10.00)'],
    [
      'no such day',
      { ...GRACE, date: '2026-02-30' },
      'Parameter date must be a real date as YYYY-MM-DD, YYYY-MM-DD HH:MM:SS or an ISO 8601 date-time',
    ],
    [
      'no such time',
      { ...GRACE, date: '2026-11-20 24:00:00' },
      'Parameter date must be a real date as YYYY-MM-DD, YYYY-MM-DD HH:MM:SS or an ISO 8601 date-time',
    ],
    ['unknown currency', { ...GRACE, currency_id: '9' }, 'Currency 9 not found'],
    ['zero rate', { ...GRACE, currency_id: '1', rate: '0.0000' }, 'Parameter rate must be an exchange rate more than 0, such as 0.9215'],
  ];
  await refusedEach(t, app, CALL, cases, 'no transaction, credit, e-mail or status change');
});

const POSITIVE = 'an amount more than 0 with at most two decimals, up to 999999999999.99, such as 10.50';
const NON_NEGATIVE = 'a non-negative amount with at most two decimals, up to 999999999999.99, such as 12.30';
const REAL_DATE = 'a real date as YYYY-MM-DD, YYYY-MM-DD HH:MM:SS or an ISO 8601 date-time';

t.test('every independent problem of a payment in one answer, in the order of the parameters', async (t) => {
  const app = await build(t);
  const four = { id: '8', amount: '-10', paymentmodule: '99', fee: '-1', date: '2027-02-30' };
  await refusedAtOnce(t, app, CALL, four, [
    `Parameter amount must be ${POSITIVE}`,
    'Gateway 99 not found',
    `Parameter fee must be ${NON_NEGATIVE}`,
    `Parameter date must be ${REAL_DATE}`,
  ]);
  await refusedAtOnce(t, app, CALL, { ...four, id: '99' }, [
    'Invoice 99 not found',
    `Parameter amount must be ${POSITIVE}`,
    'Gateway 99 not found',
    `Parameter fee must be ${NON_NEGATIVE}`,
    `Parameter date must be ${REAL_DATE}`,
  ]);
  // The same amount rule in the same words, whether the amount is 0 or below it (and "ten" gets it too, from the
  // schema: a malformed value is answered with the other malformed ones, before the checks of values run).
  await refusedAtOnce(t, app, CALL, { ...GRACE, amount: 'ten', paymentmodule: '5' }, [`Parameter amount must be ${POSITIVE}`]);
  for (const amount of ['0', '-5']) {
    await refusedAtOnce(t, app, CALL, { ...GRACE, amount, paymentmodule: '5' }, [
      `Parameter amount must be ${POSITIVE}`,
      'Gateway 5 (Mollie) is disabled: give an enabled payment gateway as paymentmodule',
    ]);
  }
});

t.test('a check that needs a refused value is skipped: the fee is not compared with a refused amount', async (t) => {
  const app = await build(t);
  // A fee of 5.00 is above an amount of -10, but the amount is the problem: one message, not two.
  await refusedAtOnce(t, app, CALL, { ...GRACE, amount: '-10', fee: '5' }, [`Parameter amount must be ${POSITIVE}`]);
  // With an amount that stands, the same fee is compared with it, alongside an independent problem.
  await refusedAtOnce(t, app, CALL, { ...GRACE, amount: '1', fee: '5', date: '2027-02-30' }, [
    'Parameter fee must be at most the amount paid (1.00)',
    `Parameter date must be ${REAL_DATE}`,
  ]);
  // The conversion needs the invoice: an unknown invoice with an unknown currency names the invoice only.
  await refusedAtOnce(t, app, CALL, { ...GRACE, id: '99', currency_id: '9' }, ['Invoice 99 not found']);
});

t.test('addInvoicePayment parameter errors', async (t) => {
  const app = await build(t);
  const without = (name: string) => Object.fromEntries(Object.entries(GRACE).filter(([k]) => k !== name));
  const cases: Array<[WireParams, string]> = [
    ...['id', 'amount', 'paymentmodule', 'fee', 'date'].map((name): [WireParams, string] => [
      without(name),
      `Parameter ${name} is required`,
    ]),
    [{ ...GRACE, id: 'abc' }, 'Parameter id must be a positive whole number id, such as 1'],
    [
      { ...GRACE, amount: 'ten' },
      'Parameter amount must be an amount more than 0 with at most two decimals, up to 999999999999.99, such as 10.50',
    ],
    [
      { ...GRACE, amount: '10.505' },
      'Parameter amount must be an amount more than 0 with at most two decimals, up to 999999999999.99, such as 10.50',
    ],
    [{ ...GRACE, paymentmodule: 'stripe' }, 'Parameter paymentmodule must be a positive whole number id, such as 1'],
    [
      { ...GRACE, fee: '-1' },
      'Parameter fee must be a non-negative amount with at most two decimals, up to 999999999999.99, such as 12.30',
    ],
    [
      { ...GRACE, date: '20/11/2026' },
      'Parameter date must be a date as YYYY-MM-DD, YYYY-MM-DD HH:MM:SS or an ISO 8601 date-time such as 2026-11-20T10:00:00.000Z',
    ],
    [{ ...GRACE, currency_id: 'EUR' }, 'Parameter currency_id must be 0 or a positive whole number id'],
    [{ ...GRACE, rate: '1,2' }, 'Parameter rate must be an exchange rate more than 0 with at most four decimals, such as 0.9215'],
    [{ ...GRACE, send_email: 'maybe' }, 'Parameter send_email must be one of: 0, 1'],
  ];
  await refusedWith(t, app, CALL, cases);
});
