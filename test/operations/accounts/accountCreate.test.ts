import t from 'tap';
import { api, assertSuccess, build } from '../../helpers/app.js';
import { refusals, accountsNotIn, refusedWith } from '../../helpers/refusals.js';
import { accountDetails, read } from '../../helpers/reads.js';
import { sameEverywhereMutating } from '../../helpers/sessions.js';

const CALL = 'accountCreate';

t.test('accountCreate makes a Pending service Active and answers the published message', async (t) => {
  const app = await build(t);
  const before = await accountDetails(t, app, '10');
  const body = await api(app, CALL, { id: '10' });
  assertSuccess(t, body, CALL);
  t.strictSame(body, { success: true, call: CALL, server_time: body.server_time, info: ['Account #10 created'] });
  t.strictSame(Object.keys(body), ['success', 'call', 'server_time', 'info'], "the published answer's key order");

  t.strictSame(await accountDetails(t, app, '10'), { ...before, status: 'Active' }, 'only the status changed');
  const listed = (await read(t, app, 'getClientAccounts', { id: '7' })).accounts as Record<string, unknown>[];
  t.equal(listed.find((a) => a.id === '10')?.status, 'Active', 'getClientAccounts shows it Active');
  const active = (await read(t, app, 'getAccounts', { list: 'all_active' })).accounts as { id: string }[];
  t.ok(
    active.some((a) => a.id === '10'),
    'getAccounts lists it among the active ones',
  );
});

t.test("accountCreate activates the service's Pending addons with it", async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, 'addAddonToAccount', { account_id: '10', addon_id: '4' }), 'addAddonToAccount');
  const addons = async () =>
    ((await read(t, app, 'getAccountAddons', { id: '10' })).account_addons as { status: string }[]).map((a) => a.status);
  t.strictSame(await addons(), ['Pending']);
  assertSuccess(t, await api(app, CALL, { id: '10' }), CALL);
  t.strictSame(await addons(), ['Active']);
});

t.test('accountCreate works the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  const body = await sameEverywhereMutating(t, app, CALL, { id: '10' });
  t.strictSame(body.info, ['Account #10 created']);
});

t.test('accountCreate refuses a service that is not Pending, naming its status, and changes nothing', async (t) => {
  const app = await build(t);
  await refusedWith(t, app, CALL, accountsNotIn(['Pending'], 'Active'));
  assertSuccess(t, await api(app, CALL, { id: '10' }), CALL);
  await refusedWith(t, app, CALL, [[{ id: '10' }, 'Account 10 is Active: only a service that is Pending can become Active']]);
});

refusals('accountCreate refuses a missing, malformed or unknown id', CALL, [
  [{}, 'Parameter id is required'],
  [{ id: 'abc' }, 'Parameter id must be a positive whole number id, such as 1'],
  [{ id: '0' }, 'Parameter id must be a positive whole number id, such as 1'],
  [{ id: '99' }, 'Account 99 not found'],
]);
