import t from 'tap';
import { api, assertError, assertSuccess, build, sameEverywhere, storeJson, readContext } from '../../helpers/app.js';
import { Seed, World } from '../../../src/store/world.js';
import { loadFixtures } from '../../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../../src/paths.js';

const INVALID = ['Invalid login details: unknown username, wrong password or inactive account'];

t.test('verifyAdminLogin answers the admin id for a matching username and password', async (t) => {
  const app = await build(t);
  const body = await sameEverywhere(t, app, 'verifyAdminLogin', { username: 'admin', password: 'billsim-admin' });
  t.strictSame(assertSuccess(t, body, 'verifyAdminLogin'), { admin_id: '1' });
  const other = await api(app, 'verifyAdminLogin', { username: 'mkovacs', password: 'billing-desk-2026' });
  t.strictSame(assertSuccess(t, other, 'verifyAdminLogin'), { admin_id: '2' });
});

t.test('verifyAdminLogin gives one answer whatever was wrong', async (t) => {
  const app = await build(t);
  const call = 'verifyAdminLogin';
  const cases = {
    'wrong password': { username: 'admin', password: 'billsim-admin2' },
    'unknown username': { username: 'nobody', password: 'billsim-admin' },
    'username in another case': { username: 'Admin', password: 'billsim-admin' },
    "another admin's password": { username: 'admin', password: 'billing-desk-2026' },
    'inactive admin with the right password': { username: 'jpatel', password: 'support-desk-2026' },
  };
  const bodies = [];
  for (const [label, params] of Object.entries(cases)) {
    const body = await api(app, call, params);
    assertError(t, body, call, INVALID);
    bodies.push(body);
    t.comment(label);
  }
  for (const body of bodies) t.strictSame(body, bodies[0], 'byte for byte the same answer');
});

t.test('verifyAdminLogin parameter errors', async (t) => {
  const app = await build(t);
  const call = 'verifyAdminLogin';
  assertError(t, await api(app, call, { password: 'billsim-admin' }), call, ['Parameter username is required']);
  assertError(t, await api(app, call, { username: 'admin' }), call, ['Parameter password is required']);
  assertError(t, await api(app, call, { username: '', password: 'x' }), call, ['Parameter username must be a non-empty text']);
  assertError(t, await api(app, call, { username: 'admin', password: '' }), call, ['Parameter password must be a non-empty text']);
});

t.test('verifyAdminLogin changes nothing and keeps the password out of the journal', async (t) => {
  const app = await build(t);
  const before = storeJson(app);
  await api(app, 'verifyAdminLogin', { username: 'admin', password: 'billsim-admin' });
  t.equal(storeJson(app), before);
  const journal = await app.inject({ method: 'GET', url: '/__billsim/requests' });
  t.match(journal.json(), { requests: [{ call: 'verifyAdminLogin', success: true }] });
  t.notOk(journal.body.includes('billsim-admin'), 'the password is redacted');
});

t.test('an unknown username still runs a scrypt comparison, so timing does not reveal usernames', async (t) => {
  const compared: string[] = [];
  const real = await import('../../../src/domain/password.js');
  const { default: op } = await t.mockImport<typeof import('../../../src/operations/misc/verifyAdminLogin.js')>(
    '../../../src/operations/misc/verifyAdminLogin.js',
    {
      '../../../src/domain/password.ts': {
        ...real,
        verifyPassword: (password: string, stored: string) => {
          compared.push(stored);
          return real.verifyPassword(password, stored);
        },
      },
    },
  );
  const world = new World(new Seed(loadFixtures(defaultFixturesDir)));
  t.throws(() => op.run({ username: 'nobody', password: 'billsim-admin' }, readContext(world)));
  t.equal(compared.length, 1, 'one scrypt comparison for an unknown username');
  t.match(compared[0], /^scrypt\$[0-9a-f]+\$[0-9a-f]+$/, 'against a real scrypt hash');
  t.throws(() => op.run({ username: 'admin', password: 'wrong' }, readContext(world)));
  t.equal(compared.length, 2, 'and one for a known username');
});
