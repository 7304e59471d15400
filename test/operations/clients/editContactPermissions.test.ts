import t from 'tap';
import { api, assertSuccess, build, SERVER_TIME } from '../../helpers/app.js';
import { answersInEachSession, sameRecordInEachSession } from '../../helpers/sessions.js';
import { refusals, refusedEach } from '../../helpers/refusals.js';
import { clientDetails, read } from '../../helpers/reads.js';
import { SABINE_ITEM, TOM_ITEM } from '../../helpers/records.js';

const CALL = 'editContactPermissions';
const SAVED = { success: true, successsave: 1, call: CALL, server_time: SERVER_TIME };
const SET = {
  id: '11',
  'privileges[billing][payinvoice]': '1',
  'privileges[billing][balance]': '1',
  'privileges[support][closeticket]': '1',
  'privileges[misc][manageprofiles]': '1',
};
const SET_PRIVILEGES = { billing: { payinvoice: '1', balance: '1' }, support: { closeticket: '1' }, misc: { manageprofiles: '1' } };

t.test('editContactPermissions replaces the privileges of a contact and answers as published', async (t) => {
  const app = await build(t);
  const before = await clientDetails(t, app, '11');
  const body = await api(app, CALL, SET);
  assertSuccess(t, body, CALL);
  t.strictSame(body, SAVED);
  t.strictSame(Object.keys(body), ['success', 'successsave', 'call', 'server_time'], 'successsave a number, and no info');
  t.strictSame(await clientDetails(t, app, '11'), { ...before, privileges: SET_PRIVILEGES }, 'only the privileges change');
  t.strictSame((await read(t, app, 'getClientContacts', { id: '2' })).contacts, [{ ...SABINE_ITEM, privileges: SET_PRIVILEGES }]);
  t.strictSame((await clientDetails(t, app, '2')).contacts, [{ ...SABINE_ITEM, privileges: SET_PRIVILEGES }], 'the main client lists it');
  t.strictSame((await clientDetails(t, app, '10')).privileges, TOM_ITEM.privileges, 'another contact keeps its own');
});

t.test('editContactPermissions takes true and on as granted, and 0, false, off or empty as not', async (t) => {
  const app = await build(t);
  const flags = {
    id: '10',
    'privileges[billing][emails]': 'true',
    'privileges[billing][orders]': 'on',
    'privileges[billing][payinvoice]': 'false',
    'privileges[support][tickets]': '0',
    'privileges[misc][affiliates]': 'off',
    'privileges[misc][editmain]': '',
  };
  t.strictSame(await api(app, CALL, flags), SAVED);
  t.strictSame((await clientDetails(t, app, '10')).privileges, { billing: { emails: '1', orders: '1' } }, 'payinvoice taken away');
  t.strictSame(await api(app, CALL, { id: '10', 'privileges[billing][emails]': '0' }), SAVED);
  t.strictSame((await clientDetails(t, app, '10')).privileges, [], "every privilege taken away: PHP's empty array");
});

t.test('editContactPermissions takes a JSON body with true flags', async (t) => {
  const app = await build(t);
  const payload = {
    call: CALL,
    api_id: 'billsim',
    api_key: 'billsim-secret',
    id: 10,
    privileges: { support: { newticket: true, tickets: 1 } },
  };
  const response = await app.inject({ method: 'POST', url: '/admin/api.php', headers: { 'content-type': 'application/json' }, payload });
  t.strictSame(response.json(), SAVED);
  t.strictSame((await clientDetails(t, app, '10')).privileges, { support: { newticket: '1', tickets: '1' } });
});

t.test('editContactPermissions works the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  await answersInEachSession(t, app, CALL, SET, SAVED);
  const record = await sameRecordInEachSession(t, (session) => clientDetails(t, app, '11', session));
  t.strictSame(record.privileges, SET_PRIVILEGES);
  t.strictSame((await clientDetails(t, app, '11')).privileges, SABINE_ITEM.privileges, 'the default session is untouched');
});

t.test('editContactPermissions refusals change nothing', async (t) => {
  const app = await build(t);
  await refusedEach(t, app, CALL, [
    ['unknown contact', { ...SET, id: '99' }, 'Contact 99 not found'],
    [
      'a main client',
      { ...SET, id: '2' },
      'Client 2 is a main client, not a contact: a main client has every privilege, so only a contact has privileges to edit',
    ],
  ]);
});

refusals('editContactPermissions parameter errors', CALL, [
  [{ 'privileges[billing][emails]': '1' }, 'Parameter id is required'],
  [{ id: 'ten', 'privileges[billing][emails]': '1' }, 'Parameter id must be a positive whole number id, such as 1'],
  [{ id: '10' }, 'Parameter privileges is required'],
  [{ id: '10', privileges: '1' }, 'Parameter privileges must be a set of privileges such as privileges[billing][payinvoice]=1'],
  [
    { id: '10', 'privileges[billing][invoices]': '1' },
    'Parameter privileges[billing][invoices] is not a known key here: use one of emails, payinvoice, orders, balance, addfunds, creditcard',
  ],
  [
    { id: '10', 'privileges[misc][tickets]': '1' },
    'Parameter privileges[misc][tickets] is not a known key here: use one of editmain, emails, editipaccess, manageprofiles, affiliates',
  ],
  [{ id: '10', 'privileges[domains][full]': '1' }, 'Parameter privileges[domains] must be absent: it is not a known key here'],
  [
    { id: '10', 'privileges[billing][emails]': 'maybe' },
    'Parameter privileges[billing][emails] must be 1, true, on or yes to grant it, or 0, false, off, no or empty to grant nothing',
  ],
]);
