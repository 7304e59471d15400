import t from 'tap';
import { api, assertError, assertSuccess, build, SERVER_TIME } from '../../helpers/app.js';
import { idLister, invoiceDetails } from '../../helpers/reads.js';
import { idRefusals, refusals } from '../../helpers/refusals.js';
import { infoAnswer } from '../../helpers/shapes.js';
import { callInEachSession, sameAnswers, sameStateInEachSession } from '../../helpers/sessions.js';

const CALL = 'deleteEstimate';
const estimateIds = idLister('getEstimates', 'estimates');

t.test('deleteEstimate removes the estimate and answers as published', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, { id: '1' });
  infoAnswer(t, body, { success: true, call: CALL, server_time: SERVER_TIME, info: ['Estimate #1 deleted'] });
  assertSuccess(t, body, CALL);
  assertError(t, await api(app, 'getEstimateDetails', { id: '1' }), 'getEstimateDetails', ['Estimate 1 not found']);
  t.strictSame(await estimateIds(t, app), ['2', '3', '4'], 'getEstimates lists the others');
  t.strictSame(await estimateIds(t, app, {}, 'other'), ['1', '2', '3', '4'], 'another session keeps it');
  assertError(t, await api(app, CALL, { id: '1' }), CALL, ['Estimate 1 not found']);
});

t.test('deleting an Invoiced estimate keeps its invoice', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, 'convertEstimateToInvoice', { id: '2' }), 'convertEstimateToInvoice');
  const invoice = await invoiceDetails(t, app, '13');
  assertSuccess(t, await api(app, CALL, { id: '2' }), CALL);
  t.strictSame(await invoiceDetails(t, app, '13'), invoice);
});

t.test('deleteEstimate answers the same through every encoding', async (t) => {
  const app = await build(t);
  sameAnswers(t, await callInEachSession(app, CALL, { id: '4' }));
  sameStateInEachSession(t, app);
});

refusals('deleteEstimate refusals change nothing', CALL, idRefusals('Estimate', '1x'));
