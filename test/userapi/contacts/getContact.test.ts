import t from 'tap';
import { api, assertSuccess, build, storeJson } from '../../helpers/app.js';
import { ALICE, assertAnswer, assertRefused, door, login, TOM } from '../../helpers/door.js';

t.test('a client lists its contacts as getClientContacts shows them, paged', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const body = assertAnswer(t, await door(app, 'GET', '/contact', {}, { token }), 'getContact');
  const admin = assertSuccess(t, await api(app, 'getClientContacts', { id: '1' }), 'getClientContacts');
  t.strictSame(body, { contacts: admin.contacts, page: { current: 1, total: 1 } });
  t.strictSame(body.contacts, [
    {
      id: '10',
      firstname: 'Tom',
      lastname: 'Reed',
      datecreated: (admin.contacts as Array<{ datecreated: string }>)[0].datecreated,
      email: TOM,
      privileges: { billing: { emails: '1', payinvoice: '1' } },
    },
  ]);
  const past = assertAnswer(t, await door(app, 'GET', '/contact', { page: 2 }, { token }), 'getContact');
  t.strictSame(past, { contacts: [], page: { current: 2, total: 1 } });
});

t.test('a contact lists them only with misc.manageprofiles', async (t) => {
  const app = await build(t);
  const token = await login(app, TOM);
  assertRefused(t, await door(app, 'GET', '/contact', {}, { token }), 403, [
    'Contact 10 may not do this: it needs the privilege misc.manageprofiles (the client grants it with PUT /api/contact/10 or editContactPermissions)',
  ]);
  assertSuccess(
    t,
    await api(app, 'editContactPermissions', { id: '10', 'privileges[misc][manageprofiles]': '1' }),
    'editContactPermissions',
  );
  const body = assertAnswer(t, await door(app, 'GET', '/contact', {}, { token }), 'getContact');
  t.match(body, { contacts: [{ id: '10', privileges: { misc: { manageprofiles: '1' } } }] });
});

t.test('another client sees only its own contacts, and bad input is refused', async (t) => {
  const app = await build(t);
  const token = await login(app, 'bruno.keller@keller-maschinenbau.de');
  const body = assertAnswer(t, await door(app, 'GET', '/contact', {}, { token }), 'getContact');
  t.same(
    (body.contacts as Array<{ id: string }>).map((c) => c.id),
    ['11'],
  );
  const before = storeJson(app);
  assertRefused(t, await door(app, 'GET', '/contact', { page: 0 }, { token }), 200, [
    'Parameter page must be the page of the list, counted from 1 (25 items a page)',
  ]);
  t.equal(storeJson(app), before);
});
