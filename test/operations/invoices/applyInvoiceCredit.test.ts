import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { ENCODINGS, api, assertError, assertSuccess, build, storeJson, SERVER_TIME } from '../../helpers/app.js';
import type { Body, WireParams } from '../../helpers/app.js';
import { refusedAtOnce, refusedWith } from '../../helpers/refusals.js';

const CALL = 'applyInvoiceCredit';
const NOW = '2026-11-20 12:00:00';
const APPLIED = { success: true, call: CALL, server_time: SERVER_TIME, info: ['Credit applied to invoice.'] };

type Row = Record<string, unknown>;

async function ok(t: Test, app: FastifyInstance, call: string, params: WireParams, session?: string): Promise<Row> {
  return assertSuccess(t, await api(app, call, params, { session }), call);
}

/** The invoice fields applying credit changes, as getInvoiceDetails shows them. */
async function invoiceState(t: Test, app: FastifyInstance, id: string, session?: string) {
  const invoice = (await ok(t, app, 'getInvoiceDetails', { id }, session)).invoice as Row;
  const { status, paid_id, datepaid, subtotal, credit, tax, tax2, total } = invoice;
  return { status, paid_id, datepaid, subtotal, credit, tax, tax2, total };
}

async function creditOf(t: Test, app: FastifyInstance, id: string, session?: string) {
  return ((await ok(t, app, 'getClientDetails', { id }, session)).client as Row).credit;
}

/** Each log entry as [in, out, balance, description, invoice_id], newest first. */
async function logOf(t: Test, app: FastifyInstance, id: string, session?: string) {
  const log = (await ok(t, app, 'getClientCreditLog', { id }, session)).log as Row[];
  return log.map((e) => [e.in, e.out, e.balance, e.description, e.invoice_id]);
}

t.test('applyInvoiceCredit pays an invoice from credit, partly and then in full', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, 'addClientCredit', { client_id: '7', amount: '60' }), 'addClientCredit');

  // Invoice 8: 75.04, of which 25.00 was paid, so 50.04 is due.
  t.strictSame(await api(app, CALL, { id: '8', apply_credit: '20' }), APPLIED);
  t.strictSame(await invoiceState(t, app, '8'), {
    status: 'Unpaid',
    paid_id: '',
    datepaid: '0000-00-00 00:00:00',
    subtotal: '67.00',
    credit: '20.00',
    tax: '3.35',
    tax2: '4.69',
    total: '55.04',
  });
  t.equal(await creditOf(t, app, '7'), '40.00');
  const order = async () => ((await ok(t, app, 'getOrderDetails', { id: '1018' })).details as Row).status;
  t.equal(await order(), 'Pending', 'a partly paid invoice leaves its order Pending');

  const before = storeJson(app);
  assertError(t, await api(app, CALL, { id: '8', apply_credit: '30.05' }), CALL, [
    'Invoice #8 owes 30.04, less than the 30.05 of credit asked for: apply at most 30.04',
  ]);
  t.equal(storeJson(app), before, 'more than is due changes nothing');

  t.strictSame(await api(app, CALL, { id: '8', apply_credit: '30.04' }), APPLIED);
  t.strictSame(await invoiceState(t, app, '8'), {
    status: 'Paid',
    paid_id: '2026/0048',
    datepaid: NOW,
    subtotal: '67.00',
    credit: '50.04',
    tax: '3.35',
    tax2: '4.69',
    total: '25.00',
  });
  const details = await ok(t, app, 'getInvoiceDetails', { id: '8' });
  t.equal((details.transactions as Row[]).length, 1, 'credit is no transaction: only the 25.00 payment is listed');
  t.equal(await creditOf(t, app, '7'), '9.96');
  t.strictSame(await logOf(t, app, '7'), [
    ['0.00', '30.04', '9.96', 'Credit applied to invoice', '8'],
    ['0.00', '20.00', '40.00', 'Credit applied to invoice', '8'],
    ['60.00', '0.00', '60.00', 'Credit added by staff', '0'],
  ]);
  const entry = ((await ok(t, app, 'getClientCreditLog', { id: '7' })).log as Row[])[0];
  t.match(entry, { date: NOW, transaction_id: '0', admin_id: '1', admin_name: 'admin', currency_id: '0' });
  t.equal(await order(), 'Active', 'paying the invoice accepts its Pending order');
  const listed = (await ok(t, app, 'getClientInvoices', { id: '7' })).invoices as Row[];
  t.match(listed[0], { id: '8', status: 'Paid', credit: '50.04', total: '25.00', paid_id: '2026/0048' });

  const settled = storeJson(app);
  assertError(t, await api(app, CALL, { id: '8', apply_credit: '1' }), CALL, [
    'Invoice #8 is Paid: only an Unpaid invoice (or one in Collections) takes payments',
  ]);
  t.equal(storeJson(app), settled, 'a Paid invoice takes no more credit');
});

t.test('applyInvoiceCredit settles through the payment rules: a suspended service comes back', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, 'addClientCredit', { client_id: '3', amount: '5.20' }), 'addClientCredit');
  const account = async () => ((await ok(t, app, 'getAccountDetails', { id: '5' })).details as Row).status;
  t.equal(await account(), 'Suspended');
  t.strictSame(await api(app, CALL, { id: '3', apply_credit: '5.20' }), APPLIED);
  t.match(await invoiceState(t, app, '3'), { status: 'Paid', paid_id: '2026/0048', credit: '5.20', total: '0.00' });
  t.equal(await creditOf(t, app, '3'), '0.00', 'the whole balance was used');
  t.equal(await account(), 'Active', 'the service suspended for this invoice is unsuspended');
});

t.test("applyInvoiceCredit converts the credit taken when the client's currency differs", async (t) => {
  const app = await build(t);
  // Client 2 switches to USD; its invoice 12 stays in EUR (rate 0.9215).
  assertSuccess(t, await api(app, 'setClientDetails', { id: '2', currency_id: '0' }), 'setClientDetails');
  // The bundled 15.00 stays as it was when the currency changes; 5 more make 20.00 USD.
  assertSuccess(t, await api(app, 'addClientCredit', { client_id: '2', amount: '5' }), 'addClientCredit');
  t.strictSame(await api(app, CALL, { id: '12', apply_credit: '10' }), APPLIED);
  t.match(await invoiceState(t, app, '12'), { status: 'Unpaid', credit: '10.00', total: '78.03' }, 'the invoice is credited 10.00 EUR');
  t.equal(await creditOf(t, app, '2'), '9.15', '10.00 EUR cost 10.85 USD of credit');
  t.strictSame((await logOf(t, app, '2'))[0], ['0.00', '10.85', '9.15', 'Credit applied to invoice', '12']);

  const before = storeJson(app);
  assertError(t, await api(app, CALL, { id: '12', apply_credit: '8.44' }), CALL, [
    'Client 2 has 9.15 credit, less than the 9.16 asked for: nothing was applied',
  ]);
  t.equal(storeJson(app), before, 'the converted amount is what the credit must cover');
  t.strictSame(await api(app, CALL, { id: '12', apply_credit: '8.43' }), APPLIED);
  t.equal(await creditOf(t, app, '2'), '0.00', '8.43 EUR is exactly the 9.15 USD left');
});

t.test('applyInvoiceCredit answers and changes the same through GET, urlencoded and multipart', async (t) => {
  const app = await build(t);
  const bodies: Body[] = [];
  for (const via of ENCODINGS) {
    // 35 more on top of the bundled 15.00.
    assertSuccess(t, await api(app, 'addClientCredit', { client_id: '2', amount: '35' }, { session: via }), 'addClientCredit');
    bodies.push(await api(app, CALL, { id: '12', apply_credit: '12.50' }, { via, session: via }));
  }
  for (const body of bodies) t.strictSame(body, APPLIED);
  for (const via of ENCODINGS) {
    t.match(await invoiceState(t, app, '12', via), { credit: '12.50', total: '75.53' }, `${via}: invoice`);
    t.equal(await creditOf(t, app, '2', via), '37.50', `${via}: credit`);
  }
  t.match(await invoiceState(t, app, '12'), { credit: '0.00', total: '88.03' }, 'the default session is untouched');
});

t.test('applyInvoiceCredit refuses to pay a credit receipt with credit', async (t) => {
  const app = await build(t);
  const receipt = assertSuccess(t, await api(app, 'addCreditReceipt', { client_id: '6', amount: '10' }), 'addCreditReceipt');
  const before = storeJson(app);
  assertError(t, await api(app, CALL, { id: receipt.invoice_id as string, apply_credit: '10' }), CALL, [
    'Invoice #13 is a credit receipt (add funds): credit cannot pay for credit, so pay it with a payment instead',
  ]);
  t.equal(storeJson(app), before, 'client 6 keeps its 25.00 and the receipt stays Unpaid');
});

t.test('applyInvoiceCredit refusals change nothing', async (t) => {
  const app = await build(t);
  const world = app.billsim.sessions.get('default').world;
  world.transaction(() => world.insert('invoices', { ...world.get('invoices', '3')!, id: '13', client_id: '999' }));
  const cases: Array<[WireParams, string]> = [
    [{ apply_credit: '5' }, 'Parameter id is required'],
    [{ id: '12' }, 'Parameter apply_credit is required'],
    [{ id: 'twelve', apply_credit: '5' }, 'Parameter id must be a positive whole number id, such as 1'],
    [
      { id: '12', apply_credit: '5,00' },
      'Parameter apply_credit must be an amount more than 0 with at most two decimals, up to 999999999999.99, such as 10.50',
    ],
    [
      { id: '12', apply_credit: '-5' },
      'Parameter apply_credit must be an amount more than 0 with at most two decimals, up to 999999999999.99, such as 10.50',
    ],
    [
      { id: '12', apply_credit: '0' },
      'Parameter apply_credit must be an amount more than 0 with at most two decimals, up to 999999999999.99, such as 10.50',
    ],
    [{ id: '99', apply_credit: '5' }, 'Invoice 99 not found'],
    [{ id: '13', apply_credit: '5' }, 'Client 999 not found'],
    [{ id: '1', apply_credit: '5' }, 'Invoice #1 is Paid: only an Unpaid invoice (or one in Collections) takes payments'],
    [{ id: '7', apply_credit: '5' }, 'Invoice #7 is Cancelled: only an Unpaid invoice (or one in Collections) takes payments'],
    [{ id: '9', apply_credit: '1' }, 'Invoice #9 is Refunded: only an Unpaid invoice (or one in Collections) takes payments'],
    [{ id: '12', apply_credit: '15.01' }, 'Client 2 has 15.00 credit, less than the 15.01 asked for: nothing was applied'],
    [{ id: '12', apply_credit: '48.04' }, 'Invoice #12 owes 48.03, less than the 48.04 of credit asked for: apply at most 48.03'],
    [{ id: '3', apply_credit: '0.01' }, 'Client 3 has 0.00 credit, less than the 0.01 asked for: nothing was applied'],
  ];
  await refusedWith(t, app, CALL, cases, 'no invoice, credit or log entry changed');
});

t.test('applyInvoiceCredit: an unknown record and a refused amount in one answer', async (t) => {
  const app = await build(t);
  await refusedAtOnce(t, app, CALL, { id: '99', apply_credit: '-5' }, [
    'Invoice 99 not found',
    'Parameter apply_credit must be an amount more than 0 with at most two decimals, up to 999999999999.99, such as 10.50',
  ]);
});
