import t from 'tap';
import { api, build, assertSuccess } from '../../helpers/app.js';
import { ALICE, assertAnswer, assertRefused, door, login, TOM } from '../../helpers/door.js';

t.test('a client reads its own record, as the Admin API shows it', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const body = assertAnswer(t, await door(app, 'GET', '/details', {}, { token }), 'getDetails');
  const admin = assertSuccess(t, await api(app, 'getClientDetails', { id: '1' }), 'getClientDetails').client as Record<string, unknown>;
  t.strictSame(body, {
    client: {
      id: '1',
      email: ALICE,
      type: 'Company',
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
      parent_id: '0',
    },
  });
});

t.test("a contact reads its own record, not its client's", async (t) => {
  const app = await build(t);
  const token = await login(app, TOM);
  const body = assertAnswer(t, await door(app, 'GET', '/details', {}, { token }), 'getDetails');
  t.match(body, { client: { id: '10', email: TOM, parent_id: '1' } });
});

t.test('without a token the route is refused with 401', async (t) => {
  const app = await build(t);
  assertRefused(t, await door(app, 'GET', '/details'), 401, ['unauthorized']);
  assertRefused(t, await door(app, 'GET', '/details', {}, { token: 'not-a-token' }), 401, ['unauthorized']);
});
