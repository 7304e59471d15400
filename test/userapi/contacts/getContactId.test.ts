import t from 'tap';
import { api, assertSuccess, build, storeJson } from '../../helpers/app.js';
import { ALICE, assertAnswer, assertRefused, door, login, TOM } from '../../helpers/door.js';

const MANAGE =
  'Contact 10 may not do this: it needs the privilege misc.manageprofiles (the client grants it with PUT /api/contact/10 or editContactPermissions)';

t.test("a client reads its contact: the Admin API's fields, status and privileges", async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const body = assertAnswer(t, await door(app, 'GET', '/contact/10', {}, { token }), 'getContactId');
  const admin = assertSuccess(t, await api(app, 'getClientContact', { id: '10' }), 'getClientContact').client as Record<string, unknown>;
  t.strictSame(body, {
    contact: {
      id: '10',
      email: TOM,
      type: admin.company === '1' ? 'Company' : 'Private',
      firstname: admin.firstname,
      lastname: admin.lastname,
      companyname: admin.companyname,
      address1: admin.address1,
      address2: admin.address2,
      city: admin.city,
      state: admin.state,
      postcode: admin.postcode,
      country: admin.country,
      phonenumber: admin.phonenumber,
      datecreated: admin.datecreated,
      language: admin.language,
      currency_id: admin.currency_id,
      credit: admin.credit,
      parent_id: '1',
      status: 'Active',
      privileges: { billing: { emails: '1', payinvoice: '1' } },
    },
  });
});

t.test('a contact reads its own record; another contact only with misc.manageprofiles', async (t) => {
  const app = await build(t);
  const added = assertSuccess(
    t,
    await api(app, 'addClientContact', {
      id: '1',
      firstname: 'Ann',
      lastname: 'Lee',
      email: 'ann@morgan-design.com',
      password: 'secret-1',
      password2: 'secret-1',
    }),
    'addClientContact',
  );
  const token = await login(app, TOM);
  assertAnswer(t, await door(app, 'GET', '/contact/10', {}, { token }), 'getContactId');
  const before = storeJson(app);
  assertRefused(t, await door(app, 'GET', `/contact/${added.contact_id}`, {}, { token }), 403, [MANAGE]);
  t.equal(storeJson(app), before);
  assertSuccess(
    t,
    await api(app, 'editContactPermissions', { id: '10', 'privileges[misc][manageprofiles]': '1' }),
    'editContactPermissions',
  );
  const body = assertAnswer(t, await door(app, 'GET', `/contact/${added.contact_id}`, {}, { token }), 'getContactId');
  t.match(body, { contact: { id: added.contact_id, email: 'ann@morgan-design.com', privileges: [] } });
});

t.test("another client's contact, a main client and no record answer 404 alike; bad input is refused", async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const before = storeJson(app);
  for (const id of ['11', '1', '2', '999']) {
    assertRefused(t, await door(app, 'GET', `/contact/${id}`, {}, { token }), 404, [`Contact ${id} not found`]);
  }
  assertRefused(t, await door(app, 'GET', '/contact/abc', {}, { token }), 200, [
    'Parameter id must be a positive whole number id, such as 1',
  ]);
  t.equal(storeJson(app), before);
});
