import t from 'tap';
import { api, assertSuccess, build } from '../../helpers/app.js';
import { infoAnswer } from '../../helpers/shapes.js';
import { refusals, idRefusals, accountsNotIn, refusedWith } from '../../helpers/refusals.js';
import { accountDetails, addonStatuses, read } from '../../helpers/reads.js';
import { sameEverywhereMutating } from '../../helpers/sessions.js';

const CALL = 'accountTerminate';

t.test('accountTerminate ends an Active service and its addons', async (t) => {
  const app = await build(t);
  const before = await accountDetails(t, app, '2');
  const body = await api(app, CALL, { id: '2' });
  assertSuccess(t, body, CALL);
  infoAnswer(t, body, { success: true, call: CALL, server_time: body.server_time, info: ['Account terminated'] });
  t.strictSame(await accountDetails(t, app, '2'), { ...before, status: 'Terminated' }, 'only the status changed: dates and price stay');
  t.strictSame(await addonStatuses(t, app, '2'), ['Terminated', 'Terminated']);
  const listed = (await read(t, app, 'getAccounts', { list: 'all_terminated' })).accounts as { id: string }[];
  t.strictSame(listed.map((a) => a.id).sort(), ['11', '2']);
});

t.test('accountTerminate ends a Suspended service, and a Pending addon with its service', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, CALL, { id: '5' }), CALL);
  t.equal((await accountDetails(t, app, '5')).status, 'Terminated');
  assertSuccess(t, await api(app, 'accountSuspend', { id: '6' }), 'accountSuspend');
  assertSuccess(t, await api(app, CALL, { id: '6' }), CALL);
  t.strictSame(await addonStatuses(t, app, '6'), ['Terminated']);
});

t.test('accountTerminate works the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  const body = await sameEverywhereMutating(t, app, CALL, { id: '1' });
  t.strictSame(body.info, ['Account terminated']);
});

t.test('accountTerminate refuses a service that is not Active or Suspended, naming its status, and changes nothing', async (t) => {
  const app = await build(t);
  await refusedWith(t, app, CALL, accountsNotIn(['Active', 'Suspended'], 'Terminated'));
  assertSuccess(t, await api(app, CALL, { id: '1' }), CALL);
  await refusedWith(t, app, 'accountUnsuspend', [
    [{ id: '1' }, 'Account 1 is Terminated: only a service that is Suspended can become Active'],
  ]);
});

refusals('accountTerminate refuses a missing, malformed or unknown id', CALL, idRefusals('Account', 'one'));
