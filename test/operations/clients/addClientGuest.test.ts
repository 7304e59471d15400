import t from 'tap';
import { api, assertSuccess, build, SERVER_TIME } from '../../helpers/app.js';
import { answersInEachSession, sameRecordInEachSession } from '../../helpers/sessions.js';
import { refusals, refusedAtOnce, refusedEach } from '../../helpers/refusals.js';
import { clientDetails, emails } from '../../helpers/reads.js';
import { SABINE_ITEM, TOM_ITEM } from '../../helpers/records.js';
import { accessOf, contactsOf, DANIEL_FOR_SABINE, GRACE_GUEST_ROW, jsonTypes, SABINE_GUEST_ROW } from '../../helpers/guests.js';

const CALL = 'addClientGuest';
// The vendor's published sample (api2 clients/addClientGuest.html).
const SAMPLE = { success: true, access_id: '17', call: 'addClientGuest', server_time: 1713252266, info: ['user_added'] };
const ADDED = (accessId: string) => ({ success: true, access_id: accessId, call: CALL, server_time: SERVER_TIME, info: ['user_added'] });

// Bruno (2) becomes a guest of Alice's profile (1).
const ALICE_FOR_BRUNO = {
  id: '1',
  firstname: 'Alice',
  lastname: 'Morgan',
  companyname: 'Morgan Design Studio LLC',
  datecreated: '2026-11-20',
  email: 'alice@morgan-design.com',
  privileges: [],
  access_id: '3',
  status: 'Pending',
};
const BRUNO_GUEST_ROW = {
  id: '2',
  firstname: 'Bruno',
  lastname: 'Keller',
  datecreated: '2026-11-20',
  email: 'bruno.keller@keller-maschinenbau.de',
  privileges: [],
  type: 'user',
  access_id: '3',
  status: 'Pending',
};

t.test('addClientGuest answers as the published sample: the same keys, in order, of the same JSON types', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, { id: '1', user_id: '2' });
  assertSuccess(t, body, CALL);
  t.strictSame(body, ADDED('3'));
  t.strictSame(jsonTypes(body), jsonTypes(SAMPLE), 'access_id a string, info the raw language key');
  t.strictSame(body.info, SAMPLE.info);
});

t.test('addClientGuest makes a Pending grant with no privileges by default, shown to both sides', async (t) => {
  const app = await build(t);
  const bruno = await clientDetails(t, app, '2');
  t.strictSame(await api(app, CALL, { id: '1', user_id: '2' }), ADDED('3'));
  t.strictSame(await accessOf(t, app, '2'), [ALICE_FOR_BRUNO], 'getClientAccess of the guest lists the profile');
  t.strictSame(await contactsOf(t, app, '1'), [TOM_ITEM, BRUNO_GUEST_ROW], 'the host lists him after Tom');
  t.strictSame(await clientDetails(t, app, '2'), bruno, "the guest's own account is untouched");
  t.strictSame(await emails(app), [], 'no invitation without notifyclient');
});

t.test("addClientGuest takes another client's contact, a status and privileges with the contacts' flags", async (t) => {
  const app = await build(t);
  const params = {
    id: '3',
    user_id: '11',
    status: 'Active',
    'privileges[billing][payinvoice]': 'true',
    'privileges[billing][orders]': '0',
    'privileges[misc][editmain]': 'on',
  };
  t.strictSame(await api(app, CALL, params), ADDED('3'));
  const privileges = { billing: { payinvoice: '1' }, misc: { editmain: '1' } };
  t.match(await accessOf(t, app, '11'), [DANIEL_FOR_SABINE, { id: '3', access_id: '3', status: 'Active', privileges }]);
  t.strictSame(await contactsOf(t, app, '3'), [{ ...SABINE_GUEST_ROW, datecreated: '2026-11-20', privileges, access_id: '3' }]);
  t.strictSame(await contactsOf(t, app, '2'), [SABINE_ITEM], "her place and privileges as Bruno's contact stay");
  for (const status of ['Closed', 'Rejected']) {
    t.strictSame(
      await api(app, CALL, { id: '5', user_id: status === 'Closed' ? '6' : '8', status }),
      ADDED(status === 'Closed' ? '4' : '5'),
    );
  }
  t.match(await accessOf(t, app, '6'), [{ access_id: '4', status: 'Closed' }]);
  t.match(await accessOf(t, app, '8'), [{ access_id: '5', status: 'Rejected' }]);
});

t.test('addClientGuest with notifyclient=1 sends the guest the invitation', async (t) => {
  const app = await build(t);
  t.strictSame(await api(app, CALL, { id: '1', user_id: '11', notifyclient: '1' }), ADDED('3'));
  t.match(await emails(app), [
    {
      to: 's.vogel@keller-maschinenbau.de',
      subject: 'Invitation to the client profile of Morgan Design Studio LLC',
      template: 'Client Guest Invitation',
      client_id: '11',
      related: { access_id: '3' },
    },
  ]);
  t.strictSame(await api(app, CALL, { id: '3', user_id: '2', notifyclient: '0' }), ADDED('4'));
  t.equal((await emails(app)).length, 1, 'notifyclient=0 sends nothing');
});

t.test('addClientGuest works the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  const params = { id: '1', user_id: '2', status: 'Active', 'privileges[support][tickets]': '1' };
  await answersInEachSession(t, app, CALL, params, ADDED('3'));
  const listed = await sameRecordInEachSession(t, (session) => accessOf(t, app, '2', session));
  t.strictSame(listed, [{ ...ALICE_FOR_BRUNO, status: 'Active', privileges: { support: { tickets: '1' } } }]);
  t.strictSame(await accessOf(t, app, '2'), [], 'the default session is untouched');
});

t.test('a removed grant may be made again, with a new access_id', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, 'removeClientGuest', { id: '1' }), 'removeClientGuest');
  t.strictSame(await api(app, CALL, { id: '4', user_id: '11' }), ADDED('3'));
  t.match(await contactsOf(t, app, '4'), [GRACE_GUEST_ROW, { id: '11', access_id: '3', status: 'Pending' }]);
});

t.test('addClientGuest refusals change nothing', async (t) => {
  const app = await build(t);
  await refusedEach(t, app, CALL, [
    ['unknown host', { id: '99', user_id: '2' }, 'Client 99 not found'],
    ['unknown person', { id: '1', user_id: '99' }, 'Client 99 not found'],
    [
      'a contact as host',
      { id: '11', user_id: '1' },
      "Client 11 is a contact of client 2, not a main client: only a main client's profile takes guests: give client 2",
    ],
    [
      'the host itself',
      { id: '1', user_id: '1' },
      'Parameter user_id must name someone other than client 1: a client cannot be a guest of its own profile',
    ],
    [
      "the host's own contact",
      { id: '1', user_id: '10' },
      'Client 10 is a contact of client 1, so it reaches that profile already: set its privileges with editContactPermissions',
    ],
    [
      'an Active grant already held',
      { id: '4', user_id: '11', status: 'Active' },
      'Client 11 already holds guest access 1 (Active) to the profile of client 4: change it with editClientGuestPermissions or setClientGuestStatus, or remove it with removeClientGuest first',
    ],
    [
      'a Pending invitation already sent',
      { id: '4', user_id: '7' },
      'Client 7 already holds guest access 2 (Pending) to the profile of client 4: change it with editClientGuestPermissions or setClientGuestStatus, or remove it with removeClientGuest first',
    ],
  ]);
  t.strictSame(await contactsOf(t, app, '4'), [SABINE_GUEST_ROW, GRACE_GUEST_ROW]);
});

t.test('addClientGuest names every problem at once and changes nothing', async (t) => {
  const app = await build(t);
  await refusedAtOnce(t, app, CALL, { id: '98', user_id: '99', notifyclient: '1' }, ['Client 98 not found', 'Client 99 not found']);
  await refusedAtOnce(t, app, CALL, { id: '10', user_id: '10' }, [
    "Client 10 is a contact of client 1, not a main client: only a main client's profile takes guests: give client 1",
    'Parameter user_id must name someone other than client 10: a client cannot be a guest of its own profile',
  ]);
  await refusedAtOnce(t, app, CALL, { id: '10', user_id: '99' }, [
    "Client 10 is a contact of client 1, not a main client: only a main client's profile takes guests: give client 1",
    'Client 99 not found',
  ]);
  t.strictSame(await emails(app), [], 'no invitation was sent');
});

refusals('addClientGuest parameter errors', CALL, [
  [{ user_id: '2' }, 'Parameter id is required'],
  [{ id: '1' }, 'Parameter user_id is required'],
  [{ id: 'one', user_id: '2' }, 'Parameter id must be a positive whole number id, such as 1'],
  [{ id: '1', user_id: '0' }, 'Parameter user_id must be a positive whole number id, such as 1'],
  [{ id: '1', user_id: '2', status: 'Inactive' }, 'Parameter status must be one of: Active, Pending, Closed, Rejected'],
  [{ id: '1', user_id: '2', status: 'active' }, 'Parameter status must be one of: Active, Pending, Closed, Rejected'],
  [
    { id: '1', user_id: '2', 'privileges[billing][invoices]': '1' },
    'Parameter privileges[billing][invoices] is not a known key here: use one of emails, payinvoice, orders, balance, addfunds, creditcard',
  ],
  [{ id: '1', user_id: '2', 'privileges[domains][full]': '1' }, 'Parameter privileges[domains] must be absent: it is not a known key here'],
  [
    { id: '1', user_id: '2', 'privileges[support][tickets]': 'maybe' },
    'Parameter privileges[support][tickets] must be 1, true, on or yes to grant it, or 0, false, off, no or empty to grant nothing',
  ],
]);
