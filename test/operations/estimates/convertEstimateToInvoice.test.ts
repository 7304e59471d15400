import t from 'tap';
import { api, assertSuccess, build, SERVER_TIME } from '../../helpers/app.js';
import { clientDetails, emails, estimateDetails, read } from '../../helpers/reads.js';
import { checkConverted, type Doc } from '../../helpers/estimates.js';
import { idRefusals, refusals, refusedWith } from '../../helpers/refusals.js';
import { callInEachSession, sameAnswers, sameStateInEachSession } from '../../helpers/sessions.js';

const CALL = 'convertEstimateToInvoice';
t.test('convertEstimateToInvoice makes an Unpaid invoice with the same lines and totals, and marks the estimate Invoiced', async (t) => {
  const app = await build(t);
  const before = await estimateDetails<Doc>(t, app, '2');
  const body = await api(app, CALL, { id: '2' });
  t.strictSame(body, {
    success: true,
    invoice_id: '13',
    call: CALL,
    server_time: SERVER_TIME,
    info: ['Estimate #2 converted to invoice #13'],
  });
  t.strictSame(Object.keys(body), ['success', 'invoice_id', 'call', 'server_time', 'info'], 'the published key order');
  assertSuccess(t, body, CALL);
  const invoice = await checkConverted(t, app, '2', '13');
  // Two taxes on 127.00 of taxed lines, one of them 1.5 x 40.00.
  t.match(invoice, { subtotal: '127.00', tax: '6.35', tax2: '8.89', total: '142.24', payment_module: '1' });
  t.strictSame(
    invoice.items.map((l) => [l.id, l.invoice_id]),
    [
      ['23', '13'],
      ['24', '13'],
      ['25', '13'],
    ],
    'fresh line ids',
  );
  t.strictSame(await estimateDetails(t, app, '2'), { ...before, status: 'Invoiced' }, 'the estimate changed only its status');
  const listed = (await read(t, app, 'getClientInvoices', { id: '7' })).invoices as { id: string }[];
  t.ok(
    listed.some((i) => i.id === '13'),
    'the client sees the invoice',
  );
  t.strictSame(await emails(app), [], 'nothing is e-mailed');
  const line = assertSuccess(t, await api(app, 'addEstimateLine', { id: '1', description: 'x', amount: '1' }), 'addEstimateLine');
  t.equal((line.estimate as { invoice_id: string }).invoice_id, '0', 'an estimate not invoiced names no invoice');
});

t.test("an estimate in another currency makes an invoice at the estimate's rate", async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, CALL, { id: '3' }), CALL);
  const invoice = await checkConverted(t, app, '3', '13');
  t.match(invoice, { currency_id: '1', total: '78.07' });
});

t.test("an estimate's credit is taken from the client's balance, through the credit log", async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, 'addEstimate', { client_id: '6' }), 'addEstimate');
  assertSuccess(t, await api(app, 'addEstimateLine', { id: '5', description: 'Consulting', amount: '100' }), 'addEstimateLine');
  assertSuccess(t, await api(app, 'editEstimateDetails', { id: '5', credit: '10' }), 'editEstimateDetails');
  assertSuccess(t, await api(app, CALL, { id: '5' }), CALL);
  const invoice = await checkConverted(t, app, '5', '13');
  t.match(invoice, { credit: '10.00', total: '90.00' });
  t.equal((await clientDetails<{ credit: string }>(t, app, '6')).credit, '15.00');
  const [entry] = (await read(t, app, 'getClientCreditLog', { id: '6' })).log as Record<string, string>[];
  t.match(entry, { out: '10.00', balance: '15.00', invoice_id: '13' });
});

t.test('convertEstimateToInvoice answers the same through every encoding', async (t) => {
  const app = await build(t);
  sameAnswers(t, await callInEachSession(app, CALL, { id: '1' }));
  sameStateInEachSession(t, app);
});

refusals('convertEstimateToInvoice refuses a missing or unknown estimate and a Dead one, changing nothing', CALL, [
  ...idRefusals('Estimate', 'a'),
  [{ id: '4' }, 'Estimate 4 is Dead: set it back to Draft with setEstimateStatus before invoicing it'],
]);

t.test('convertEstimateToInvoice refuses an estimate already invoiced, one without lines and credit the client lacks', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, CALL, { id: '1' }), CALL);
  assertSuccess(t, await api(app, 'addEstimate', { client_id: '7' }), 'addEstimate');
  assertSuccess(t, await api(app, 'editEstimateDetails', { id: '2', credit: '5' }), 'editEstimateDetails');
  await refusedWith(t, app, CALL, [
    [{ id: '1' }, 'Estimate 1 is Invoiced (invoice 13): it was invoiced already'],
    [{ id: '5' }, 'Estimate 5 has no lines: add one with addEstimateLine before invoicing it'],
    [{ id: '2' }, 'Client 7 has 0.00 credit, less than the 5.00 asked for: nothing was applied'],
  ]);
});

t.test("credit is refused when the client holds it in another currency than the estimate's", async (t) => {
  const app = await build(t);
  // Client 2 holds 15.00 in currency 1; estimate 1 is in the main currency.
  assertSuccess(t, await api(app, 'editEstimateDetails', { id: '1', client_id: '2', credit: '5' }), 'editEstimateDetails');
  await refusedWith(t, app, CALL, [
    [
      { id: '1' },
      'Estimate 1 applies 5.00 credit in another currency than client 2 holds credit in: set its credit to 0.00 with editEstimateDetails',
    ],
  ]);
});
