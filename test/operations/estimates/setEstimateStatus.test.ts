import t from 'tap';
import { api, assertSuccess, build, SERVER_TIME } from '../../helpers/app.js';
import { estimateDetails } from '../../helpers/reads.js';
import { checkConverted } from '../../helpers/estimates.js';
import { idRefusals, refusals, refusedWith } from '../../helpers/refusals.js';
import { infoAnswer } from '../../helpers/shapes.js';
import { callInEachSession, sameAnswers, sameStateInEachSession } from '../../helpers/sessions.js';

const CALL = 'setEstimateStatus';
const marked = (id: string, status: string, ...more: string[]) => ({
  success: true,
  call: CALL,
  server_time: SERVER_TIME,
  info: [`Estimate #${id} marked ${status}`, ...more],
});

t.test('setEstimateStatus moves an estimate through its life and answers as published', async (t) => {
  const app = await build(t);
  const before = await estimateDetails(t, app, '1');
  for (const status of ['Sent', 'Accepted', 'Dead', 'Draft', 'Draft']) {
    const body = await api(app, CALL, { id: '1', status });
    infoAnswer(t, body, marked('1', status), `marked ${status}`);
    assertSuccess(t, body, CALL);
    t.strictSame(await estimateDetails(t, app, '1'), { ...before, status }, `getEstimateDetails reads ${status} back`);
  }
  t.strictSame(await estimateDetails(t, app, '1', 'other'), before, 'another session is untouched');
});

t.test('Invoiced makes the invoice convertEstimateToInvoice makes, with the same lines and totals', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, { id: '3', status: 'Invoiced' });
  t.strictSame(body, marked('3', 'Invoiced', 'Invoice #13 created'));
  assertSuccess(t, body, CALL);
  await checkConverted(t, app, '3', '13');
  const viaConvert = await build(t);
  assertSuccess(t, await api(viaConvert, 'convertEstimateToInvoice', { id: '3' }), 'convertEstimateToInvoice');
  const read = (a: typeof app) => api(a, 'getInvoiceDetails', { id: '13' });
  t.strictSame(await read(app), await read(viaConvert), 'the same invoice either way');
});

t.test('setEstimateStatus answers the same through every encoding', async (t) => {
  const app = await build(t);
  sameAnswers(t, await callInEachSession(app, CALL, { id: '2', status: 'Accepted' }));
  sameStateInEachSession(t, app);
});

refusals('setEstimateStatus refusals change nothing', CALL, [
  ...idRefusals('Estimate', 'one').map(([p, m]) => [{ status: 'Sent', ...p }, m] as const),
  [{ id: '1' }, 'Parameter status is required'],
  [{ id: '1', status: 'Paid' }, 'Parameter status must be one of: Draft, Sent, Accepted, Invoiced, Dead'],
  [{ id: '4', status: 'Invoiced' }, 'Estimate 4 is Dead: set it back to Draft with setEstimateStatus before invoicing it'],
]);

t.test("an Invoiced estimate's status no longer changes, and it is not invoiced twice", async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, CALL, { id: '2', status: 'Invoiced' }), CALL);
  await refusedWith(t, app, CALL, [
    [{ id: '2', status: 'Draft' }, 'Estimate 2 is Invoiced (invoice 13): its status no longer changes'],
    [{ id: '2', status: 'Invoiced' }, 'Estimate 2 is Invoiced (invoice 13): it was invoiced already'],
  ]);
});
