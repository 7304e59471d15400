import t from 'tap';
import { api, assertError, build, SERVER_TIME } from '../../helpers/app.js';
import { answersInEachSession, sameRecordInEachSession } from '../../helpers/sessions.js';
import { idRefusals, refusals } from '../../helpers/refusals.js';
import { clientDetails, read } from '../../helpers/reads.js';
import { SABINE_ITEM } from '../../helpers/records.js';
import { accessOf, contactsOf, DANIEL_FOR_GRACE, GRACE_GUEST_ROW, jsonTypes } from '../../helpers/guests.js';

const CALL = 'removeClientGuest';
// The vendor's published sample (api2 clients/removeClientGuest.html).
const SAMPLE = { success: true, call: 'removeClientGuest', server_time: 1357899725, info: ['deletedcontact'] };
const REMOVED = { success: true, call: CALL, server_time: SERVER_TIME, info: ['deletedcontact'] };

t.test("removeClientGuest removes the grant, leaves the guest's account, and answers as published", async (t) => {
  const app = await build(t);
  const sabine = await clientDetails(t, app, '11');
  const daniel = await clientDetails(t, app, '4');
  const body = await api(app, CALL, { id: '1' });
  t.strictSame(body, REMOVED);
  t.strictSame(jsonTypes(body), jsonTypes(SAMPLE), 'keys in the published order, info the raw language key');
  t.strictSame(await accessOf(t, app, '11'), [], 'Sabine reaches no other profile');
  t.strictSame(await contactsOf(t, app, '4'), [GRACE_GUEST_ROW], "Daniel's other guest stays");
  t.strictSame(await clientDetails(t, app, '11'), sabine, 'her own account stays as it was');
  t.strictSame(await contactsOf(t, app, '2'), [SABINE_ITEM], "still Bruno's contact");
  t.strictSame(await clientDetails(t, app, '4'), daniel, "the host's account stays as it was");
  assertError(t, await api(app, CALL, { id: '1' }), CALL, ['Guest access 1 not found']);
});

t.test('removeClientGuest removes an invitation whatever its status', async (t) => {
  const app = await build(t);
  t.strictSame(await accessOf(t, app, '7'), [DANIEL_FOR_GRACE]);
  t.strictSame(await api(app, CALL, { id: '2' }), REMOVED);
  t.strictSame(await accessOf(t, app, '7'), []);
  t.equal((await read(t, app, 'getClientDetails', { id: '7' })).client !== undefined, true, "Grace's account stays");
});

t.test('removeClientGuest works the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  await answersInEachSession(t, app, CALL, { id: '2' }, REMOVED);
  t.strictSame(await sameRecordInEachSession(t, (session) => accessOf(t, app, '7', session)), []);
  t.strictSame(await accessOf(t, app, '7'), [DANIEL_FOR_GRACE], 'the default session is untouched');
});

refusals('removeClientGuest parameter errors and unknown grants', CALL, idRefusals('Guest access', 'one'));
