import t from 'tap';
import { api, assertSuccess, build } from '../../helpers/app.js';
import { infoAnswer } from '../../helpers/shapes.js';
import { refusals, idRefusals, accountsNotIn } from '../../helpers/refusals.js';
import { accountDetails, addonStatuses, read } from '../../helpers/reads.js';
import { sameEverywhereMutating } from '../../helpers/sessions.js';

const CALL = 'accountSuspend';

t.test('accountSuspend suspends an Active service and its Active addons', async (t) => {
  const app = await build(t);
  const before = await accountDetails(t, app, '2');
  t.strictSame(await addonStatuses(t, app, '2'), ['Active', 'Active']);
  const body = await api(app, CALL, { id: '2' });
  assertSuccess(t, body, CALL);
  // The vendor's page shows an accountUnsuspend answer; billsim names the call made.
  infoAnswer(t, body, { success: true, call: CALL, server_time: body.server_time, info: ['Account suspended'] });

  t.strictSame(await accountDetails(t, app, '2'), { ...before, status: 'Suspended' }, 'only the status changed');
  t.strictSame(await addonStatuses(t, app, '2'), ['Suspended', 'Suspended']);
  const listed = (await read(t, app, 'getAccounts', { list: 'all_suspended' })).accounts as { id: string }[];
  t.strictSame(listed.map((a) => a.id).sort(), ['2', '5'], 'getAccounts lists it among the suspended');
});

t.test('accountSuspend leaves a Pending addon Pending', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, CALL, { id: '6' }), CALL);
  t.strictSame(await addonStatuses(t, app, '6'), ['Pending']);
});

t.test('accountSuspend works the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  const body = await sameEverywhereMutating(t, app, CALL, { id: '1' });
  t.strictSame(body.info, ['Account suspended']);
});

refusals(
  'accountSuspend refuses a service that is not Active, naming its status, and changes nothing',
  CALL,
  accountsNotIn(['Active'], 'Suspended'),
);

refusals('accountSuspend refuses a missing, malformed or unknown id', CALL, idRefusals('Account', '1.5'));
