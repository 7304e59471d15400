import t from 'tap';
import { api, assertSuccess, build, storeJson } from '../../helpers/app.js';
import { ALICE, assertAnswer, assertRefused, door, login, TOM } from '../../helpers/door.js';

const ANN = { email: 'ann@morgan-design.com', firstname: 'Ann', lastname: 'Lee' };

t.test('a client adds a contact the Admin API lists, who logs in with its password', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const body = assertAnswer(
    t,
    await door(
      app,
      'POST',
      '/contact',
      { ...ANN, password: 'ann-secret', country: 'gb', privileges: { support: { tickets: 1, newticket: true, closeticket: 0 } } },
      { token },
    ),
    'postContact',
  );
  t.strictSame(body, { contact_id: '12', info: ['Contact 12 added'] });
  const admin = assertSuccess(t, await api(app, 'getClientContact', { id: '12' }), 'getClientContact').client as Record<string, unknown>;
  t.match(admin, {
    id: '12',
    parent_id: '1',
    email: ANN.email,
    country: 'GB',
    status: 'Active',
    privileges: { support: { tickets: '1', newticket: '1' } },
  });
  t.strictSame(admin.privileges, { support: { tickets: '1', newticket: '1' } });
  const own = assertAnswer(
    t,
    await door(app, 'GET', '/details', {}, { token: await login(app, ANN.email, { password: 'ann-secret' }) }),
    'getDetails',
  );
  t.match(own, { client: { id: '12', parent_id: '1' } });
});

t.test('without a password the contact is added but cannot log in', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const body = assertAnswer(t, await door(app, 'POST', '/contact', ANN, { token, via: 'form' }), 'postContact');
  t.equal(body.contact_id, '12');
  const admin = assertSuccess(t, await api(app, 'getClientContacts', { id: '1' }), 'getClientContacts');
  t.match(admin.contacts, [{ id: '10' }, { id: '12', email: ANN.email, privileges: [] }]);
  const wrong = await door(app, 'POST', '/login', { username: ANN.email, password: 'billsim-client' });
  t.strictSame(wrong.body, { error: ['wronglogin'] });
});

t.test('a contact adds contacts only with misc.manageprofiles', async (t) => {
  const app = await build(t);
  const token = await login(app, TOM);
  const before = storeJson(app);
  assertRefused(t, await door(app, 'POST', '/contact', ANN, { token }), 403, [
    'Contact 10 may not do this: it needs the privilege misc.manageprofiles (the client grants it with PUT /api/contact/10 or editContactPermissions)',
  ]);
  t.equal(storeJson(app), before);
  assertSuccess(
    t,
    await api(app, 'editContactPermissions', { id: '10', 'privileges[misc][manageprofiles]': '1' }),
    'editContactPermissions',
  );
  const body = assertAnswer(t, await door(app, 'POST', '/contact', ANN, { token }), 'postContact');
  const admin = assertSuccess(t, await api(app, 'getClientContact', { id: body.contact_id as string }), 'getClientContact');
  t.match(admin.client, { parent_id: '1' });
});

t.test('bad input is refused with every problem at once, and a used e-mail with the rule of addClientContact', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const before = storeJson(app);
  const bad = await door(app, 'POST', '/contact', { email: 'nope', lastname: '', privileges: { billing: { fly: 1 } } }, { token });
  t.equal(bad.status, 200);
  t.equal((bad.body.error as string[]).length >= 3, true, JSON.stringify(bad.body));
  t.matchOnly(Object.keys(bad.body), ['error']);
  const used = await door(app, 'POST', '/contact', { ...ANN, email: TOM.toUpperCase(), country: 'XX' }, { token });
  const admin = await api(app, 'addClientContact', {
    id: '1',
    ...ANN,
    email: TOM.toUpperCase(),
    country: 'XX',
    password: 'x',
    password2: 'x',
  });
  assertRefused(t, used, 200, admin.error as string[]);
  t.equal((admin.error as string[]).length, 2);
  t.equal(storeJson(app), before);
});
