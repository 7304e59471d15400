import t from 'tap';
import { api, assertSuccess, build, SERVER_TIME } from '../../helpers/app.js';
import { emails, estimateDetails } from '../../helpers/reads.js';
import { idRefusals, refusals, refusedWith } from '../../helpers/refusals.js';
import { infoAnswer } from '../../helpers/shapes.js';
import { callInEachSession, sameAnswers, sameStateInEachSession } from '../../helpers/sessions.js';

const CALL = 'sendEstimate';
const sent = (id: string) => ({ success: true, call: CALL, server_time: SERVER_TIME, info: [`Estimate #${id} sent to client`] });
const statusOf = async (t: Parameters<typeof estimateDetails>[0], app: Parameters<typeof estimateDetails>[1], id: string) =>
  (await estimateDetails<{ status: string }>(t, app, id)).status;

t.test('sendEstimate records the e-mail in the outbox and marks a Draft Sent', async (t) => {
  const app = await build(t);
  const before = await estimateDetails(t, app, '1');
  const body = await api(app, CALL, { id: '1' });
  infoAnswer(t, body, sent('1'));
  assertSuccess(t, body, CALL);
  t.strictSame(await emails(app), [
    {
      id: '1',
      date: '2026-11-20 12:00:00',
      to: 'alice@morgan-design.com',
      subject: 'Estimate #1: Website relaunch support',
      template: 'Estimate',
      client_id: '1',
      related: { estimate_id: '1' },
    },
  ]);
  t.strictSame(await estimateDetails(t, app, '1'), { ...before, status: 'Sent' }, 'only the status changed');
  t.strictSame(await emails(app, 'other'), [], 'another session sent nothing');
});

t.test('a Sent estimate may be sent again, and an Accepted one stays Accepted', async (t) => {
  const app = await build(t);
  t.strictSame(await api(app, CALL, { id: '2' }), sent('2'));
  t.equal(await statusOf(t, app, '2'), 'Sent');
  t.strictSame(await api(app, CALL, { id: '3' }), sent('3'));
  t.equal(await statusOf(t, app, '3'), 'Accepted');
  t.strictSame(
    (await emails(app)).map((e) => [e.to, e.subject]),
    [
      ['emma.laurent@laurent-conseil.fr', 'Estimate #3: Backups and DDoS protection for srv.laurent-conseil.fr'],
      ['grace@graceliu.io', 'Estimate #2: Cloud setup for graceliu.io'],
    ],
  );
});

t.test('sendEstimate answers the same through every encoding', async (t) => {
  const app = await build(t);
  sameAnswers(t, await callInEachSession(app, CALL, { id: '1' }));
  sameStateInEachSession(t, app);
});

refusals('sendEstimate refuses a missing or unknown estimate and a Dead one, sending nothing', CALL, [
  ...idRefusals('Estimate', '-1'),
  [{ id: '4' }, 'Estimate 4 is Dead: only a Draft, Sent or Accepted estimate can be sent'],
]);

t.test('sendEstimate refuses an Invoiced estimate, sending nothing', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, 'convertEstimateToInvoice', { id: '3' }), 'convertEstimateToInvoice');
  await refusedWith(t, app, CALL, [[{ id: '3' }, 'Estimate 3 is Invoiced: only a Draft, Sent or Accepted estimate can be sent']]);
  t.strictSame(await emails(app), []);
});
