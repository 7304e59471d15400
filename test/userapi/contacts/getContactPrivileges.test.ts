import t from 'tap';
import { api, assertSuccess, build } from '../../helpers/app.js';
import { ALICE, assertAnswer, assertRefused, door, login, TOM } from '../../helpers/door.js';

t.test('every privilege a contact may be given, as getClientContact lists them', async (t) => {
  const app = await build(t);
  const admin = assertSuccess(t, await api(app, 'getClientContact', { id: '10' }), 'getClientContact');
  for (const email of [ALICE, TOM]) {
    const token = await login(app, email);
    const body = assertAnswer(t, await door(app, 'GET', '/contact/privileges', {}, { token }), 'getContactPrivileges');
    t.strictSame(body, { privileges: admin.available_privileges });
  }
  t.match(admin.available_privileges, { support: { tickets: 'View current tickets' } });
});

t.test('without a login the list is refused', async (t) => {
  const app = await build(t);
  assertRefused(t, await door(app, 'GET', '/contact/privileges'), 401, ['unauthorized']);
});
