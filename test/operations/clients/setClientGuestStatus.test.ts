import t from 'tap';
import { api, assertSuccess, build, SERVER_TIME } from '../../helpers/app.js';
import { answersInEachSession, sameRecordInEachSession } from '../../helpers/sessions.js';
import { refusals, refusedEach } from '../../helpers/refusals.js';
import {
  accessOf,
  contactsOf,
  DANIEL_FOR_GRACE,
  DANIEL_FOR_SABINE,
  GRACE_GUEST_ROW,
  jsonTypes,
  SABINE_GUEST_ROW,
} from '../../helpers/guests.js';

const CALL = 'setClientGuestStatus';
// The vendor's published sample (api2 clients/setClientGuestStatus.html).
const SAMPLE = { success: true, successsave: 1, call: 'setClientGuestStatus', server_time: 1713259782 };
const SAVED = { success: true, successsave: 1, call: CALL, server_time: SERVER_TIME };

t.test('setClientGuestStatus switches access off and on again, and answers as published', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, { id: '1', status: 'Closed' });
  t.strictSame(body, SAVED);
  t.strictSame(jsonTypes(body), jsonTypes(SAMPLE), 'successsave a number, and no info');
  t.strictSame(await accessOf(t, app, '11'), [{ ...DANIEL_FOR_SABINE, status: 'Closed' }], 'the grant stays, Closed, privileges kept');
  t.strictSame(await contactsOf(t, app, '4'), [{ ...SABINE_GUEST_ROW, status: 'Closed' }, GRACE_GUEST_ROW]);
  t.strictSame(await api(app, CALL, { id: '1', status: 'Active' }), SAVED);
  t.strictSame(await accessOf(t, app, '11'), [DANIEL_FOR_SABINE]);
});

t.test('setClientGuestStatus accepts or withdraws a Pending invitation, and the status a grant has already', async (t) => {
  const app = await build(t);
  t.strictSame(await api(app, CALL, { id: '2', status: 'Active' }), SAVED);
  t.strictSame(await accessOf(t, app, '7'), [{ ...DANIEL_FOR_GRACE, status: 'Active' }], 'accepted by staff');
  t.strictSame(await api(app, CALL, { id: '2', status: 'Active' }), SAVED, 'the same status again answers the same');
  t.strictSame(await accessOf(t, app, '7'), [{ ...DANIEL_FOR_GRACE, status: 'Active' }]);

  const other = await build(t);
  t.strictSame(await api(other, CALL, { id: '2', status: 'Closed' }), SAVED);
  t.strictSame(await accessOf(t, other, '7'), [{ ...DANIEL_FOR_GRACE, status: 'Closed' }], 'withdrawn');
});

t.test('setClientGuestStatus works the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  await answersInEachSession(t, app, CALL, { id: '1', status: 'Closed' }, SAVED);
  const listed = await sameRecordInEachSession(t, (session) => accessOf(t, app, '11', session));
  t.strictSame(listed, [{ ...DANIEL_FOR_SABINE, status: 'Closed' }]);
  t.strictSame(await accessOf(t, app, '11'), [DANIEL_FOR_SABINE], 'the default session is untouched');
});

t.test('setClientGuestStatus refusals change nothing', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, 'addClientGuest', { id: '1', user_id: '2', status: 'Rejected' }), 'addClientGuest');
  const rejected = 'Guest access 3 was rejected by the guest: remove it with removeClientGuest and invite again with addClientGuest';
  await refusedEach(t, app, CALL, [
    ['unknown grant', { id: '99', status: 'Active' }, 'Guest access 99 not found'],
    ['a declined invitation switched on', { id: '3', status: 'Active' }, rejected],
    ['a declined invitation closed', { id: '3', status: 'Closed' }, rejected],
  ]);
  t.match(await accessOf(t, app, '2'), [{ access_id: '3', status: 'Rejected' }]);
});

refusals('setClientGuestStatus parameter errors', CALL, [
  [{ status: 'Active' }, 'Parameter id is required'],
  [{ id: 'x', status: 'Active' }, 'Parameter id must be a positive whole number id, such as 1'],
  [{ id: '1' }, 'Parameter status is required'],
  [{ id: '1', status: 'Pending' }, 'Parameter status must be one of: Active, Closed'],
  [{ id: '1', status: 'Rejected' }, 'Parameter status must be one of: Active, Closed'],
  [{ id: '1', status: 'closed' }, 'Parameter status must be one of: Active, Closed'],
]);
