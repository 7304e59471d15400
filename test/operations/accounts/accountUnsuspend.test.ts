import t from 'tap';
import { api, assertSuccess, build } from '../../helpers/app.js';
import { infoAnswer } from '../../helpers/shapes.js';
import { refusals, idRefusals, accountsNotIn } from '../../helpers/refusals.js';
import { accountDetails, addonStatuses, read } from '../../helpers/reads.js';
import { sameEverywhereMutating } from '../../helpers/sessions.js';

const CALL = 'accountUnsuspend';

t.test('accountUnsuspend makes a Suspended service Active again', async (t) => {
  const app = await build(t);
  const before = await accountDetails(t, app, '5');
  const body = await api(app, CALL, { id: '5' });
  assertSuccess(t, body, CALL);
  // The vendor's page shows an accountSuspend answer; its message is published on the accountSuspend page.
  infoAnswer(t, body, { success: true, call: CALL, server_time: body.server_time, info: ['Account unsuspended'] });
  t.strictSame(await accountDetails(t, app, '5'), { ...before, status: 'Active' }, 'only the status changed');
  const listed = (await read(t, app, 'getClientAccounts', { id: '3' })).accounts as Record<string, unknown>[];
  t.strictSame(
    listed.map((a) => [a.id, a.status]),
    [['5', 'Active']],
  );
});

t.test('accountUnsuspend brings back the addons the suspension suspended', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, 'accountSuspend', { id: '2' }), 'accountSuspend');
  t.strictSame(await addonStatuses(t, app, '2'), ['Suspended', 'Suspended']);
  assertSuccess(t, await api(app, CALL, { id: '2' }), CALL);
  t.strictSame(await addonStatuses(t, app, '2'), ['Active', 'Active']);
  t.equal((await accountDetails(t, app, '2')).status, 'Active');
});

t.test('accountUnsuspend works the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  const body = await sameEverywhereMutating(t, app, CALL, { id: '5' });
  t.strictSame(body.info, ['Account unsuspended']);
});

refusals(
  'accountUnsuspend refuses a service that is not Suspended, naming its status, and changes nothing',
  CALL,
  accountsNotIn(['Suspended'], 'Active'),
);

refusals('accountUnsuspend refuses a missing, malformed or unknown id', CALL, idRefusals('Account', '-5'));
