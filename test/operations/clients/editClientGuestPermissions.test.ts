import t from 'tap';
import { api, apiJson, build, SERVER_TIME } from '../../helpers/app.js';
import { answersInEachSession, sameRecordInEachSession } from '../../helpers/sessions.js';
import { refusals, refusedEach } from '../../helpers/refusals.js';
import { SABINE_ITEM } from '../../helpers/records.js';
import {
  accessOf,
  contactsOf,
  DANIEL_FOR_GRACE,
  DANIEL_FOR_SABINE,
  GRACE_GUEST_ROW,
  jsonTypes,
  SABINE_GUEST_ROW,
} from '../../helpers/guests.js';

const CALL = 'editClientGuestPermissions';
// The vendor's published sample (api2 clients/editClientGuestPermissions.html).
const SAMPLE = { success: true, successsave: 1, call: 'editClientGuestPermissions', server_time: 1713259782 };
const SAVED = { success: true, successsave: 1, call: CALL, server_time: SERVER_TIME };
const SET = {
  id: '1',
  'privileges[billing][balance]': '1',
  'privileges[support][closeticket]': '1',
  'privileges[misc][affiliates]': '1',
};
const SET_PRIVILEGES = { billing: { balance: '1' }, support: { closeticket: '1' }, misc: { affiliates: '1' } };

t.test('editClientGuestPermissions replaces the privileges of a grant and answers as published', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, SET);
  t.strictSame(body, SAVED);
  t.strictSame(jsonTypes(body), jsonTypes(SAMPLE), 'successsave a number, and no info');
  t.strictSame(
    await accessOf(t, app, '11'),
    [{ ...DANIEL_FOR_SABINE, privileges: SET_PRIVILEGES }],
    'payinvoice, newticket and tickets taken away',
  );
  t.strictSame(
    await contactsOf(t, app, '4'),
    [{ ...SABINE_GUEST_ROW, privileges: SET_PRIVILEGES }, GRACE_GUEST_ROW],
    'the other grant keeps its own',
  );
  t.strictSame(await contactsOf(t, app, '2'), [SABINE_ITEM], "her own privileges as Bruno's contact are untouched");
});

t.test('editClientGuestPermissions edits a Pending invitation, and takes 0, false, off or empty as nothing granted', async (t) => {
  const app = await build(t);
  const flags = { id: '2', 'privileges[billing][orders]': 'false', 'privileges[support][tickets]': 'on', 'privileges[misc][editmain]': '' };
  t.strictSame(await api(app, CALL, flags), SAVED);
  t.strictSame(await accessOf(t, app, '7'), [{ ...DANIEL_FOR_GRACE, privileges: { support: { tickets: '1' } } }], 'still Pending');
  t.strictSame(await api(app, CALL, { id: '2', 'privileges[support][tickets]': '0' }), SAVED);
  t.strictSame(await accessOf(t, app, '7'), [{ ...DANIEL_FOR_GRACE, privileges: [] }], "every privilege taken away: PHP's empty array");
});

t.test('editClientGuestPermissions takes a JSON body with true flags', async (t) => {
  const app = await build(t);
  t.strictSame(await apiJson(app, CALL, { id: 2, privileges: { billing: { addfunds: true, balance: 1 } } }), SAVED);
  t.strictSame(await accessOf(t, app, '7'), [{ ...DANIEL_FOR_GRACE, privileges: { billing: { addfunds: '1', balance: '1' } } }]);
});

t.test('editClientGuestPermissions works the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  await answersInEachSession(t, app, CALL, SET, SAVED);
  const listed = await sameRecordInEachSession(t, (session) => accessOf(t, app, '11', session));
  t.strictSame(listed, [{ ...DANIEL_FOR_SABINE, privileges: SET_PRIVILEGES }]);
  t.strictSame(await accessOf(t, app, '11'), [DANIEL_FOR_SABINE], 'the default session is untouched');
});

t.test('editClientGuestPermissions refusals change nothing', async (t) => {
  const app = await build(t);
  await refusedEach(t, app, CALL, [
    ['unknown grant', { ...SET, id: '99' }, 'Guest access 99 not found'],
    ['a client id is not an access_id', { ...SET, id: '11' }, 'Guest access 11 not found'],
  ]);
});

refusals('editClientGuestPermissions parameter errors', CALL, [
  [{ 'privileges[billing][emails]': '1' }, 'Parameter id is required'],
  [{ id: 'one', 'privileges[billing][emails]': '1' }, 'Parameter id must be a positive whole number id, such as 1'],
  [{ id: '1' }, 'Parameter privileges is required'],
  [{ id: '1', privileges: '1' }, 'Parameter privileges must be a set of privileges such as privileges[billing][payinvoice]=1'],
  [
    { id: '1', 'privileges[misc][tickets]': '1' },
    'Parameter privileges[misc][tickets] is not a known key here: use one of editmain, emails, editipaccess, manageprofiles, affiliates',
  ],
  [
    { id: '1', 'privileges[billing][emails]': 'maybe' },
    'Parameter privileges[billing][emails] must be 1, true, on or yes to grant it, or 0, false, off, no or empty to grant nothing',
  ],
]);
