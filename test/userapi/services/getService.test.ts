import t from 'tap';
import { build, storeJson } from '../../helpers/app.js';
import { read } from '../../helpers/reads.js';
import { ALICE, assertAnswer, assertRefused, door, login, TOM } from '../../helpers/door.js';
import { withoutPrivileges } from '../../helpers/services.js';

t.test("a client lists its own services, newest first, with the Admin API's values", async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const body = assertAnswer(t, await door(app, 'GET', '/service', {}, { token }), 'getService');
  const admin = (await read(t, app, 'getClientAccounts', { id: '1' })).accounts as Record<string, string>[];
  const services = body.services as Record<string, unknown>[];
  t.strictSame(
    services.map((s) => s.id),
    admin.map((a) => a.id),
    'the same services as getClientAccounts, in its order',
  );
  t.strictSame(body.page, { current: 1, total: 1 });
  const first = services.find((s) => s.id === '1');
  t.strictSame(first, {
    id: '1',
    domain: 'morgan-design.com',
    total: '8.95',
    firstpayment: '8.95',
    status: 'Active',
    billingcycle: 'Monthly',
    next_due: '2026-12-14',
    expires: '2026-12-14',
    next_invoice: '2026-11-30',
    category: 'Shared Hosting',
    category_url: 'shared-hosting',
    name: 'Business Hosting',
    label: '',
  });
  for (const service of services) {
    const details = (await read(t, app, 'getAccountDetails', { id: service.id as string })).details as Record<string, unknown>;
    for (const key of ['domain', 'total', 'firstpayment', 'status', 'billingcycle', 'next_due', 'expires', 'next_invoice', 'name', 'label'])
      t.equal(service[key], details[key], `service ${service.id} ${key} as getAccountDetails`);
  }
});

t.test('pages count from 1; a page past the end is empty', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const second = assertAnswer(t, await door(app, 'GET', '/service', { page: 2 }, { token }), 'getService');
  t.strictSame(second, { services: [], page: { current: 2, total: 1 } });
});

t.test("a contact without any privilege reads its client's services", async (t) => {
  const app = await build(t);
  await withoutPrivileges(t, app, '10');
  const token = await login(app, TOM);
  const body = assertAnswer(t, await door(app, 'GET', '/service', {}, { token }), 'getService');
  t.strictSame(
    (body.services as { id: string }[]).map((s) => s.id),
    ['16', '12', '2', '1'],
  );
});

t.test('another client sees only its own services', async (t) => {
  const app = await build(t);
  const token = await login(app, 'farid@haddadtrading.com');
  const body = assertAnswer(t, await door(app, 'GET', '/service', {}, { token }), 'getService');
  t.strictSame(
    (body.services as { id: string }[]).map((s) => s.id),
    ['14', '9', '8'],
  );
});

t.test('a bad page is refused, naming it, and changes nothing', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const before = await storeJson(app);
  const answer = await door(app, 'GET', '/service', { page: '0' }, { token });
  t.equal(answer.status, 200);
  t.match(answer.body, { error: [/page/] });
  t.equal((answer.body.error as string[]).length, 1);
  t.equal(await storeJson(app), before);
  assertRefused(t, await door(app, 'GET', '/service'), 401, ['unauthorized']);
});
