import t from 'tap';
import { api, assertSuccess, build } from '../../helpers/app.js';
import { ALICE, assertAnswer, assertRefused, door, login, TOM } from '../../helpers/door.js';

t.test('the departments clients may open tickets in, as getTicketDepts names them', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, 'addTicketDept', { name: 'Abuse', email: 'abuse@lumenhost.net' }), 'addTicketDept');
  const admin = assertSuccess(t, await api(app, 'getTicketDepts'), 'getTicketDepts').depts as Array<Record<string, string>>;
  const expected = admin.filter((d) => d.visible === '1').map(({ id, name, description }) => ({ id, name, description }));
  t.equal(expected.length, 4);
  for (const email of [ALICE, TOM]) {
    const body = assertAnswer(
      t,
      await door(app, 'GET', '/ticket/departments', {}, { token: await login(app, email) }),
      'getTicketDepartments',
    );
    t.strictSame(body, { departments: expected });
  }
});

t.test('without a login the list is refused', async (t) => {
  const app = await build(t);
  assertRefused(t, await door(app, 'GET', '/ticket/departments'), 401, ['unauthorized']);
});
