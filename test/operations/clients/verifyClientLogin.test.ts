import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, assertError, assertSuccess, build, sameEverywhere, storeJson, SERVER_TIME, readContext } from '../../helpers/app.js';
import { refusals } from '../../helpers/refusals.js';
import type { Body } from '../../helpers/app.js';
import { Seed, World } from '../../../src/store/world.js';
import { loadFixtures } from '../../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../../src/paths.js';

const CALL = 'verifyClientLogin';
const INVALID = ['Invalid login details: unknown username, wrong password or inactive account'];
const CLIENT_PASSWORD = 'Quiet-Harbour-19';
const CONTACT_PASSWORD = 'Amber-Lantern-52';

/** A client (12) and its contact (13) whose passwords are known, added through the API. */
async function withLogins(t: Test, app: FastifyInstance, status = 'Active'): Promise<void> {
  const client = { email: 'olivia@brandt-studio.at', password: CLIENT_PASSWORD, password2: CLIENT_PASSWORD, status };
  t.strictSame(assertSuccess(t, await api(app, 'addClient', client), 'addClient'), {
    client_id: '12',
    info: ['New client account created'],
  });
  const contact = {
    id: '12',
    firstname: 'Jonas',
    lastname: 'Brandt',
    email: 'jonas@brandt-studio.at',
    password: CONTACT_PASSWORD,
    password2: CONTACT_PASSWORD,
  };
  t.strictSame(assertSuccess(t, await api(app, 'addClientContact', contact), 'addClientContact'), { contact_id: '13' });
}

t.test('verifyClientLogin answers the client id and mfa_status as the published sample does', async (t) => {
  const app = await build(t);
  await withLogins(t, app);
  const body = await sameEverywhere(t, app, CALL, { email: 'Olivia@Brandt-Studio.AT', password: CLIENT_PASSWORD });
  assertSuccess(t, body, CALL);
  t.strictSame(body, { success: true, client_id: '12', mfa_status: 0, call: CALL, server_time: SERVER_TIME });
  t.strictSame(Object.keys(body), ['success', 'client_id', 'mfa_status', 'call', 'server_time'], 'keys in the published order');

  const contact = await api(app, CALL, { email: 'jonas@brandt-studio.at', password: CONTACT_PASSWORD });
  t.strictSame(
    contact,
    { success: true, client_id: '13', mfa_status: 0, call: CALL, server_time: SERVER_TIME },
    'a contact logs in as itself',
  );
});

t.test('verifyClientLogin gives one answer whatever was wrong', async (t) => {
  const app = await build(t);
  await withLogins(t, app);
  const cases: Array<[string, Record<string, string>]> = [
    ['wrong password', { email: 'olivia@brandt-studio.at', password: `${CLIENT_PASSWORD}x` }],
    ['password in another case', { email: 'olivia@brandt-studio.at', password: CLIENT_PASSWORD.toUpperCase() }],
    ['unknown email', { email: 'nobody@brandt-studio.at', password: CLIENT_PASSWORD }],
    ["the contact's password for the client", { email: 'olivia@brandt-studio.at', password: CONTACT_PASSWORD }],
    ['an email that is no address at all', { email: 'olivia', password: CLIENT_PASSWORD }],
  ];
  const bodies: Body[] = [];
  for (const [label, params] of cases) {
    const body = await api(app, CALL, params);
    assertError(t, body, CALL, INVALID);
    t.comment(label);
    bodies.push(body);
  }
  for (const body of bodies) t.strictSame(body, bodies[0], 'byte for byte the same answer');
});

t.test('only an Active client, and a contact of an Active client, may log in', async (t) => {
  const app = await build(t);
  await withLogins(t, app);
  const client = { email: 'olivia@brandt-studio.at', password: CLIENT_PASSWORD };
  const contact = { email: 'jonas@brandt-studio.at', password: CONTACT_PASSWORD };
  for (const status of ['Closed', 'Closing', 'Lead']) {
    assertSuccess(t, await api(app, 'setClientDetails', { id: '12', status }), 'setClientDetails');
    assertError(t, await api(app, CALL, client), CALL, INVALID);
    assertError(t, await api(app, CALL, contact), CALL, INVALID);
    t.comment(`${status}: neither the client nor its contact`);
  }
  assertSuccess(t, await api(app, 'setClientDetails', { id: '12', status: 'Active' }), 'setClientDetails');
  t.match(await api(app, CALL, client), { success: true, client_id: '12' }, 'Active again: the client logs in');
  t.match(await api(app, CALL, contact), { success: true, client_id: '13' }, 'and so does the contact');

  const lead = await build(t);
  await withLogins(t, lead, 'Lead');
  assertError(t, await api(lead, CALL, client), CALL, INVALID);
});

t.test('verifyClientLogin follows email and contact changes', async (t) => {
  const app = await build(t);
  await withLogins(t, app);
  assertSuccess(t, await api(app, 'setContactDetails', { id: '13', email: 'j.brandt@brandt-studio.at' }), 'setContactDetails');
  assertError(t, await api(app, CALL, { email: 'jonas@brandt-studio.at', password: CONTACT_PASSWORD }), CALL, INVALID);
  t.match(await api(app, CALL, { email: 'j.brandt@brandt-studio.at', password: CONTACT_PASSWORD }), { success: true, client_id: '13' });
  assertSuccess(t, await api(app, 'deleteClientContact', { client_id: '13', parent_id: '12' }), 'deleteClientContact');
  assertError(t, await api(app, CALL, { email: 'j.brandt@brandt-studio.at', password: CONTACT_PASSWORD }), CALL, INVALID);
});

t.test('verifyClientLogin changes nothing and keeps the password out of the journal', async (t) => {
  const app = await build(t);
  await withLogins(t, app);
  const before = storeJson(app);
  await api(app, CALL, { email: 'olivia@brandt-studio.at', password: CLIENT_PASSWORD });
  await api(app, CALL, { email: 'olivia@brandt-studio.at', password: 'wrong' });
  t.equal(storeJson(app), before, 'not even lastlogin');
  const journal = await app.inject({ method: 'GET', url: `/__billsim/requests?call=${CALL}` });
  t.match(journal.json(), {
    requests: [
      { call: CALL, success: false },
      { call: CALL, success: true },
    ],
  });
  t.notOk(journal.body.includes(CLIENT_PASSWORD), 'the password is redacted');
});

refusals('verifyClientLogin parameter errors', CALL, [
  [{ password: 'x' }, 'Parameter email is required'],
  [{ email: 'olivia@brandt-studio.at' }, 'Parameter password is required'],
  [{ email: '', password: 'x' }, 'Parameter email must be a non-empty text'],
  [{ email: 'a@b.cd', password: '' }, 'Parameter password must be a non-empty text'],
]);

t.test('an unknown email still runs a scrypt comparison, so timing does not reveal who has an account', async (t) => {
  const compared: string[] = [];
  const real = await import('../../../src/domain/password.js');
  const { default: op } = await t.mockImport<typeof import('../../../src/operations/clients/verifyClientLogin.js')>(
    '../../../src/operations/clients/verifyClientLogin.js',
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
  t.throws(() => op.run({ email: 'nobody@example.com', password: 'x' }, readContext(world)));
  t.equal(compared.length, 1, 'one scrypt comparison for an unknown email');
  t.match(compared[0], /^scrypt\$[0-9a-f]{32}\$[0-9a-f]{64}$/, 'against a real scrypt hash');
  t.throws(() => op.run({ email: 'alice@morgan-design.com', password: 'wrong' }, readContext(world)));
  t.equal(compared.length, 2, 'and one for a known email');
});
