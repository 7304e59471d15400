import t from 'tap';
import { build, storeJson } from '../../helpers/app.js';
import { accountDetails } from '../../helpers/reads.js';
import { ALICE, assertAnswer, assertRefused, door, login, TOM } from '../../helpers/door.js';
import { withoutPrivileges } from '../../helpers/services.js';

t.test('the label is the account label getAccountDetails shows', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  t.strictSame(assertAnswer(t, await door(app, 'GET', '/service/2/label', {}, { token }), 'getServiceIdLabel'), {
    label: 'Client staging',
  });
  t.strictSame(assertAnswer(t, await door(app, 'GET', '/service/1/label', {}, { token }), 'getServiceIdLabel'), { label: '' });
});

t.test('setting a label stores it on the account, in any encoding', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  for (const via of ['json', 'form', 'query'] as const) {
    const label = `Shop (${via})`;
    const body = assertAnswer(t, await door(app, 'POST', '/service/1/label', { label }, { token, via }), 'postServiceIdLabel');
    t.strictSame(body, { label, info: ['Service #1 label saved'] });
    t.equal((await accountDetails(t, app, '1')).label, label, 'getAccountDetails shows it');
    t.strictSame(assertAnswer(t, await door(app, 'GET', '/service/1/label', {}, { token }), 'getServiceIdLabel'), { label });
  }
  t.strictSame(assertAnswer(t, await door(app, 'POST', '/service/1/label', { label: '' }, { token }), 'postServiceIdLabel'), {
    label: '',
    info: ['Service #1 label saved'],
  });
  t.equal((await accountDetails(t, app, '1')).label, '', 'an empty label clears it');
});

t.test('a contact without any privilege names its client’s service', async (t) => {
  const app = await build(t);
  await withoutPrivileges(t, app, '10');
  const token = await login(app, TOM);
  assertAnswer(t, await door(app, 'POST', '/service/2/label', { label: 'Tom' }, { token }), 'postServiceIdLabel');
  t.equal((await accountDetails(t, app, '2')).label, 'Tom');
});

t.test("another client's service is refused with 404 and keeps its label", async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const before = await storeJson(app);
  assertRefused(t, await door(app, 'GET', '/service/3/label', {}, { token }), 404, ['Service 3 not found']);
  assertRefused(t, await door(app, 'POST', '/service/3/label', { label: 'mine' }, { token }), 404, ['Service 3 not found']);
  t.equal(await storeJson(app), before);
});

t.test('bad input is refused with every problem at once and changes nothing', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const before = await storeJson(app);
  assertRefused(t, await door(app, 'POST', '/service/x/label', {}, { token }), 200, [
    'Parameter label is required',
    'Parameter id must be a positive whole number id, such as 1',
  ]);
  const long = await door(app, 'POST', '/service/1/label', { label: 'x'.repeat(256) }, { token });
  t.match(long.body, { error: [/label/] });
  t.equal(await storeJson(app), before);
});
