import t from 'tap';
import { ENCODINGS, api, assertError, assertSuccess, build, type WireParams, SERVER_TIME } from '../../helpers/app.js';
import { answersInEachSession, sessionOf } from '../../helpers/sessions.js';
import { refusedEach, refusals } from '../../helpers/refusals.js';
import { clientDetails, read } from '../../helpers/reads.js';
import { SABINE_ITEM } from '../../helpers/records.js';

const CALL = 'deleteClientContact';
const DELETED = { success: true, call: CALL, server_time: SERVER_TIME, info: ['Contact has been deleted'] };

t.test('deleteClientContact removes the contact from its client', async (t) => {
  const app = await build(t);
  const main = await clientDetails(t, app, '1');
  const body = await api(app, CALL, { client_id: '10', parent_id: '1' });
  assertSuccess(t, body, CALL);
  t.strictSame(body, DELETED);
  t.strictSame(Object.keys(body), ['success', 'call', 'server_time', 'info'], 'keys in the published order');

  assertError(t, await api(app, 'getClientDetails', { id: '10' }), 'getClientDetails', ['Client 10 not found']);
  t.strictSame((await read(t, app, 'getClientContacts', { id: '1' })).contacts, []);
  t.strictSame(await clientDetails(t, app, '1'), { ...main, contacts: [] }, 'the main client is otherwise untouched');
  t.strictSame((await read(t, app, 'getClientContacts', { id: '2' })).contacts, [SABINE_ITEM], "another client's contact stays");
  const again = { email: 'tom.reed@morgan-design.com', password: 'p', password2: 'p' };
  assertSuccess(t, await api(app, 'addClient', again), 'addClient');
  t.comment('the email is free again');
  assertError(t, await api(app, CALL, { client_id: '10', parent_id: '1' }), CALL, ['Contact 10 not found']);
});

t.test("deleteClientContact removes the contact's card on file too", async (t) => {
  const app = await build(t);
  const { world } = app.billsim.sessions.get('default');
  const card = {
    id: '8',
    client_id: '10',
    cardtype: 'Visa',
    cardnum: '',
    lastfour: '4242',
    expdate: '0129',
    token: 'tok_x',
    gateway_id: '2',
  };
  await world.mutate(() => world.insert('client_cards', card));
  assertSuccess(t, await api(app, CALL, { client_id: '10', parent_id: '1' }), CALL);
  t.equal(world.get('client_cards', '8'), undefined);
  t.ok(world.get('client_cards', '1'), "the main client's card stays");
  t.ok(world.get('client_cards', '3'), "another client's card stays");
});

t.test('deleteClientContact removes the guest access the contact held, and only that', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, CALL, { client_id: '11', parent_id: '2' }), CALL);
  const daniel = assertSuccess(t, await api(app, 'getClientContacts', { id: '4' }), 'getClientContacts').contacts;
  t.match(daniel, [{ id: '7', access_id: '2' }], "Sabine's access to Daniel's profile went with her");
  t.equal((daniel as unknown[]).length, 1);
  assertError(t, await api(app, 'removeClientGuest', { id: '1' }), 'removeClientGuest', ['Guest access 1 not found']);
});

t.test('deleteClientContact works the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  await answersInEachSession(t, app, CALL, { client_id: '11', parent_id: '2' }, DELETED);
  for (const via of ENCODINGS) t.strictSame((await clientDetails(t, app, '2', sessionOf(via))).contacts, [], via);
  t.equal(((await clientDetails(t, app, '2')).contacts as unknown[]).length, 1, 'the default session is untouched');
});

t.test('deleteClientContact refusals name both ids and change nothing', async (t) => {
  const app = await build(t);
  const cases: Array<[string, WireParams, string]> = [
    ['unknown contact', { client_id: '99', parent_id: '1' }, 'Contact 99 not found'],
    ['unknown main client', { client_id: '10', parent_id: '99' }, 'Client 99 not found'],
    [
      'a main client as the contact',
      { client_id: '1', parent_id: '1' },
      'Client 1 is a main client, not a contact: delete a main client with deleteClient',
    ],
    ["another client's contact", { client_id: '11', parent_id: '1' }, 'Contact 11 belongs to client 2, not to client 1'],
    ['a contact as the main client', { client_id: '10', parent_id: '11' }, 'Contact 10 belongs to client 1, not to client 11'],
  ];
  await refusedEach(t, app, CALL, cases);
});

refusals('deleteClientContact parameter errors', CALL, [
  [{ parent_id: '1' }, 'Parameter client_id is required'],
  [{ client_id: '10' }, 'Parameter parent_id is required'],
  [{ client_id: 'ten', parent_id: '1' }, 'Parameter client_id must be a positive whole number id, such as 1'],
  [{ client_id: '10', parent_id: '0' }, 'Parameter parent_id must be a positive whole number id, such as 1'],
]);
