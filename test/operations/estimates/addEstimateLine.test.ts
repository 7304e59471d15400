import t from 'tap';
import { api, assertSuccess, build, SERVER_TIME } from '../../helpers/app.js';
import { estimateDetails } from '../../helpers/reads.js';
import { idRefusals, refusals } from '../../helpers/refusals.js';
import { keyOrder } from '../../helpers/shapes.js';
import { callInEachSession, sameAnswers, sameStateInEachSession } from '../../helpers/sessions.js';

const CALL = 'addEstimateLine';
type Estimate = Record<string, unknown> & { items: Record<string, unknown>[]; total: string };

t.test('addEstimateLine adds a line, computes the totals again and answers the estimate in the published newer format', async (t) => {
  const app = await build(t);
  const before = await estimateDetails<Estimate>(t, app, '1');
  const body = await api(app, CALL, { id: '1', description: 'Load testing', amount: '50', qty: '2', taxed: '1' });
  const result = assertSuccess(t, body, CALL);
  t.strictSame(Object.keys(body), ['success', 'estimate', 'call', 'server_time', 'info']);
  t.equal(body.server_time, SERVER_TIME);
  t.strictSame(result.info, ['Estimate line added']);
  const line = {
    id: '11',
    estimate_id: '1',
    item_id: '0',
    type: 'Other',
    description: 'Load testing',
    amount: '50.00',
    taxed: '1',
    qty: '2',
    linetotal: 100,
  };
  // 4 x 75.00 + 2 x 50.00 taxed at 8.25%: 400.00 -> 33.00; plus 120.00 untaxed.
  const totals = { subtotal: '520.00', tax: '33.00', total: '553.00' };
  const after: Estimate = { ...before, ...totals, items: [...before.items, line] };
  t.strictSame(await estimateDetails(t, app, '1'), after, 'getEstimateDetails reads the line back');
  const { items, client, ...fields } = after;
  t.strictSame(result.estimate, { ...fields, invoice_id: '0', options: '0', grandtotal: '553.00', items, client });
  keyOrder(
    t,
    result.estimate,
    'id status subject client_id date_created date_expires subtotal credit tax taxrate tax2 taxrate2 total currency_id rate notes notes_private hash invoice_id options grandtotal items client',
  );
});

t.test('addEstimateLine defaults to one untaxed unit, and tax_rate sets the tax 1 rate of every taxed line', async (t) => {
  const app = await build(t);
  const result = assertSuccess(t, await api(app, CALL, { id: '1', description: 'Extra', amount: '10', tax_rate: '10' }), CALL);
  const estimate = result.estimate as Estimate;
  t.match(estimate.items.at(-1), { qty: '1', taxed: '0', amount: '10.00', linetotal: 10 });
  t.match(estimate, { taxrate: '10.00', subtotal: '430.00', tax: '30.00', total: '460.00' });
  t.match(await estimateDetails(t, app, '1'), { taxrate: '10.00', total: '460.00' });
});

t.test('addEstimateLine answers the same through every encoding', async (t) => {
  const app = await build(t);
  sameAnswers(t, await callInEachSession(app, CALL, { id: '2', description: 'Setup & migration = 100%', amount: '-5.50' }));
  sameStateInEachSession(t, app);
});

t.test('addEstimateLine refuses an Invoiced estimate, which keeps its lines', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, 'convertEstimateToInvoice', { id: '3' }), 'convertEstimateToInvoice');
  const before = await estimateDetails(t, app, '3');
  t.strictSame((await api(app, CALL, { id: '3', description: 'Late', amount: '1' })).error, [
    'Estimate 3 is Invoiced (invoice 13): add the line to that invoice with addInvoiceItem',
  ]);
  t.strictSame(await estimateDetails(t, app, '3'), before);
});

refusals('addEstimateLine refusals change nothing', CALL, [
  ...idRefusals('Estimate', 'x').map(([p, m]) => [{ description: 'A', amount: '1', ...p }, m] as const),
  [{ id: '1', amount: '1' }, 'Parameter description is required'],
  [{ id: '1', description: 'A' }, 'Parameter amount is required'],
  [
    { id: '1', description: 'A', amount: '1.234' },
    'Parameter amount must be an amount with at most two decimals, such as 12.30 (negative for a discount line)',
  ],
  [
    { id: '1', description: 'A', amount: '1', qty: '0' },
    'Parameter qty must be a positive quantity with at most four decimals, such as 3 or 1.5',
  ],
  [
    { id: '1', description: 'A', amount: '1', tax_rate: '101' },
    'Parameter tax_rate must be a percentage from 0 to 100 with at most two decimals, such as 20 or 8.25',
  ],
]);
