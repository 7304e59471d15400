import t from 'tap';
import { api, assertSuccess, build, storeJson } from '../../helpers/app.js';
import { ALICE, assertAnswer, assertRefused, door, login, TOM } from '../../helpers/door.js';

t.test('a client changes its contact: the fields sent and the privileges, as setContactDetails does', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const body = assertAnswer(
    t,
    await door(app, 'PUT', '/contact/10', { city: 'Leeds', country: 'gb', privileges: { support: { tickets: 1 } } }, { token }),
    'putContactId',
  );
  t.match(body, {
    contact: { id: '10', city: 'Leeds', country: 'GB', privileges: { support: { tickets: '1' } } },
    info: ['Contact 10 updated'],
  });
  const admin = assertSuccess(t, await api(app, 'getClientContact', { id: '10' }), 'getClientContact').client as Record<string, unknown>;
  t.match(admin, { city: 'Leeds', country: 'GB', email: TOM });
  t.strictSame(admin.privileges, { support: { tickets: '1' } });
  const read = assertAnswer(t, await door(app, 'GET', '/contact/10', {}, { token }), 'getContactId');
  t.strictSame(read.contact, body.contact);
  // Without privileges they stay as they are.
  assertAnswer(t, await door(app, 'PUT', '/contact/10', { lastname: 'Reid' }, { token, via: 'form' }), 'putContactId');
  const again = assertSuccess(t, await api(app, 'getClientContact', { id: '10' }), 'getClientContact').client as Record<string, unknown>;
  t.match(again, { lastname: 'Reid', privileges: { support: { tickets: '1' } } });
});

t.test('a contact changes contacts only with misc.manageprofiles', async (t) => {
  const app = await build(t);
  const token = await login(app, TOM);
  const before = storeJson(app);
  assertRefused(t, await door(app, 'PUT', '/contact/10', { city: 'Leeds' }, { token }), 403, [
    'Contact 10 may not do this: it needs the privilege misc.manageprofiles (the client grants it with PUT /api/contact/10 or editContactPermissions)',
  ]);
  t.equal(storeJson(app), before);
  assertSuccess(
    t,
    await api(app, 'editContactPermissions', { id: '10', 'privileges[misc][manageprofiles]': '1' }),
    'editContactPermissions',
  );
  assertAnswer(t, await door(app, 'PUT', '/contact/10', { city: 'Leeds' }, { token }), 'putContactId');
  t.match(assertSuccess(t, await api(app, 'getClientContact', { id: '10' }), 'getClientContact').client, { city: 'Leeds' });
});

t.test("another client's contact answers 404; bad input and a used e-mail change nothing", async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const before = storeJson(app);
  for (const id of ['11', '1', '999']) {
    assertRefused(t, await door(app, 'PUT', `/contact/${id}`, { city: 'Leeds' }, { token }), 404, [`Contact ${id} not found`]);
  }
  const bad = await door(app, 'PUT', '/contact/10', { email: 'nope', type: 'Robot', privileges: { misc: { fly: 1 } } }, { token });
  t.equal(bad.status, 200);
  t.equal((bad.body.error as string[]).length >= 3, true, JSON.stringify(bad.body));
  const admin = await api(app, 'setContactDetails', { id: '10', email: ALICE.toUpperCase() });
  assertRefused(t, await door(app, 'PUT', '/contact/10', { email: ALICE.toUpperCase() }, { token }), 200, admin.error as string[]);
  t.equal(storeJson(app), before);
});
