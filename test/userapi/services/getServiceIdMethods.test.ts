import t from 'tap';
import { build, storeJson } from '../../helpers/app.js';
import { ALICE, assertAnswer, assertRefused, door, login, TOM } from '../../helpers/door.js';
import { withoutPrivileges } from '../../helpers/services.js';

const route = (text: string, id: string) => {
  const [method, path] = text.split(' ');
  return { method, path: path.replace('{id}', id), route: text };
};

const ALWAYS = ['GET /service/{id}', 'GET /service/{id}/label', 'POST /service/{id}/label', 'GET /service/{id}/cycle'];
const CYCLE = 'POST /service/{id}/cycle';
const CANCEL = 'POST /service/{id}/cancel';
const RENEW = 'POST /service/{id}/renew';

t.test('an Active service lists the routes that apply to it', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const body = assertAnswer(t, await door(app, 'GET', '/service/1/methods', {}, { token }), 'getServiceIdMethods');
  t.strictSame(body, { methods: [...ALWAYS, CYCLE, CANCEL, RENEW].map((text) => route(text, '1')) });
  assertAnswer(t, await door(app, 'POST', '/service/1/renew', {}, { token }), 'postServiceIdRenew');
  const after = assertAnswer(t, await door(app, 'GET', '/service/1/methods', {}, { token }), 'getServiceIdMethods');
  t.strictSame(
    after,
    { methods: [...ALWAYS, CYCLE, CANCEL].map((text) => route(text, '1')) },
    'no renew while its renewal invoice is Unpaid',
  );
  assertAnswer(t, await door(app, 'POST', '/service/16/cancel', {}, { token }), 'postServiceIdCancel');
  const asked = assertAnswer(t, await door(app, 'GET', '/service/16/methods', {}, { token }), 'getServiceIdMethods');
  t.strictSame(
    asked,
    { methods: [...ALWAYS, CYCLE].map((text) => route(text, '16')) },
    'neither cancel nor renew once a cancellation waits',
  );
});

t.test('a Cancelled service can only be read and named', async (t) => {
  const app = await build(t);
  const token = await login(app, 'farid@haddadtrading.com');
  const body = assertAnswer(t, await door(app, 'GET', '/service/9/methods', {}, { token }), 'getServiceIdMethods');
  t.strictSame(body, { methods: ALWAYS.map((text) => route(text, '9')) });
});

t.test('a contact without any privilege reads them', async (t) => {
  const app = await build(t);
  await withoutPrivileges(t, app, '10');
  const token = await login(app, TOM);
  assertAnswer(t, await door(app, 'GET', '/service/2/methods', {}, { token }), 'getServiceIdMethods');
});

t.test("another client's service answers 404; a bad id is refused; nothing changes", async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const before = await storeJson(app);
  assertRefused(t, await door(app, 'GET', '/service/3/methods', {}, { token }), 404, ['Service 3 not found']);
  assertRefused(t, await door(app, 'GET', '/service/0/methods', {}, { token }), 200, [
    'Parameter id must be a positive whole number id, such as 1',
  ]);
  t.equal(await storeJson(app), before);
});
