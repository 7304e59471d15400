import t from 'tap';
import { api, assertSuccess, build, SERVER_TIME } from '../../helpers/app.js';
import { estimateDetails, read } from '../../helpers/reads.js';
import { refusals } from '../../helpers/refusals.js';
import { sameAnswers, callInEachSession, sameStateInEachSession } from '../../helpers/sessions.js';

const CALL = 'addEstimate';

t.test('addEstimate creates an empty Draft for the client and answers its id as the published sample does', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, { client_id: '1' });
  t.strictSame(body, { success: true, estimate_id: '5', call: CALL, server_time: SERVER_TIME, info: ['New estimate has been created'] });
  t.strictSame(Object.keys(body), ['success', 'estimate_id', 'call', 'server_time', 'info'], 'the published key order');
  assertSuccess(t, body, CALL);
  const estimate = await estimateDetails<Record<string, unknown>>(t, app, '5');
  const { hash, client, ...fields } = estimate;
  t.match(hash, /^[0-9a-f]{32}$/);
  t.equal((client as { id: string }).id, '1');
  t.strictSame(fields, {
    id: '5',
    status: 'Draft',
    subject: 'Estimate',
    client_id: '1',
    date_created: '2026-11-20',
    date_expires: '2026-11-27',
    subtotal: '0.00',
    credit: '0.00',
    tax: '0.00',
    taxrate: '8.25',
    tax2: '0.00',
    taxrate2: '0.00',
    total: '0.00',
    currency_id: '0',
    rate: '1.0000',
    notes: '',
    notes_private: '',
    items: [],
  });
  const listed = (await read(t, app, 'getEstimates', { client_id: '1' })).estimates as { id: string }[];
  t.equal(listed[0].id, '5', 'getEstimates lists it first');
});

t.test('addEstimate takes the currency of a client paying in another one', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, CALL, { client_id: '2' }), CALL);
  const estimate = await estimateDetails<{ currency_id: string; rate: string }>(t, app, '5');
  t.equal(estimate.currency_id, '1');
  t.not(estimate.rate, '1.0000');
});

t.test('addEstimate answers the same through every encoding, each session with its own estimate', async (t) => {
  const app = await build(t);
  sameAnswers(t, await callInEachSession(app, CALL, { client_id: '7' }));
  sameStateInEachSession(t, app);
});

refusals('addEstimate refuses a missing, malformed or unknown client and a contact, changing nothing', CALL, [
  [{}, 'Parameter client_id is required'],
  [{ client_id: 'abc' }, 'Parameter client_id must be a positive whole number id, such as 1'],
  [{ client_id: '99' }, 'Client 99 not found'],
  [{ client_id: '10' }, 'Client 10 is a contact of client 1, not a main client: create the estimate for main client 1'],
]);
