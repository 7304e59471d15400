import t from 'tap';
import { api, assertSuccess, build, SERVER_TIME } from '../../helpers/app.js';
import { infoAnswer } from '../../helpers/shapes.js';
import { idRefusals, refusals } from '../../helpers/refusals.js';
import { domainDetails } from '../../helpers/reads.js';
import { callInEachSession, sameAnswers, sameStateInEachSession } from '../../helpers/sessions.js';

const CALL = 'domainSynch';
const synched = (id: string) => ({ success: true, call: CALL, server_time: SERVER_TIME, info: [`Domain with ID #${id} synchronized.`] });
const NOW = '2026-11-20 12:00:00';

t.test('domainSynch stamps the synchronization time and changes nothing else', async (t) => {
  const app = await build(t);
  for (const id of ['1', '7']) {
    const before = await domainDetails(t, app, id);
    const body = await api(app, CALL, { id });
    infoAnswer(t, body, synched(id));
    assertSuccess(t, body, CALL);
    t.strictSame(await domainDetails(t, app, id), { ...before, synch_date: NOW }, `getDomainDetails reads domain ${id} back`);
  }
  t.equal(
    (await domainDetails<{ synch_date: string }>(t, app, '1', 'other')).synch_date,
    '2026-11-19 03:00:12',
    'another session is untouched',
  );
});

t.test('a transfer under way is synchronized and stays pending until its registrar completes it', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, 'domainTransfer', { id: '5' }), 'domainTransfer');
  const before = await domainDetails(t, app, '5');
  t.strictSame(await api(app, CALL, { id: '5' }), synched('5'));
  t.strictSame(await domainDetails(t, app, '5'), { ...before, synch_date: NOW });
});

t.test('domainSynch answers the same through every encoding', async (t) => {
  const app = await build(t);
  sameAnswers(t, await callInEachSession(app, CALL, { id: '2' }));
  sameStateInEachSession(t, app);
});

refusals('domainSynch refuses a domain no registrar holds, changing nothing', CALL, [
  ...idRefusals('Domain', 'x'),
  [
    { id: '8' },
    'Domain 8 (graceliu.io) is Pending Registration: only a domain that is Active or Expired or Pending Transfer can be synchronized',
  ],
  [
    { id: '5' },
    'Domain 5 (kowalski-foto.net) is Pending Transfer and its transfer has not begun, so no registrar holds it yet: start it with domainTransfer',
  ],
]);
