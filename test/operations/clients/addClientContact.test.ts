import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { FROZEN_NOW, api, assertSuccess, build, storeJson, noScanOf, SERVER_TIME } from '../../helpers/app.js';
import { read, clientDetails } from '../../helpers/reads.js';
import { TOM_ITEM } from '../../helpers/records.js';
import { callInEachSession, sameNewClientInEachSession, sameAnswers } from '../../helpers/sessions.js';
import type { WireParams } from '../../helpers/app.js';
import { emailTaken, refusedEach, refusedWith, refusedAtOnce } from '../../helpers/refusals.js';
import type { LabelledRefusal } from '../../helpers/refusals.js';
import addClientContact from '../../../src/operations/clients/addClientContact.js';
import { ApiError } from '../../../src/errors.js';
import { verifyPassword } from '../../../src/domain/password.js';
import { Seed, World } from '../../../src/store/world.js';
import { loadFixtures } from '../../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../../src/paths.js';

const CALL = 'addClientContact';
const PASSWORD = 'Correct-Horse-42';
const NORA: WireParams = {
  id: '1',
  firstname: 'Nora',
  lastname: 'Quinn',
  email: 'nora.quinn@morgan-design.com',
  password: PASSWORD,
  password2: PASSWORD,
  phonenumber: '+1.5125550199',
  country: 'gb',
  city: 'London',
  'privileges[billing][payinvoice]': '1',
  'privileges[billing][balance]': '1',
  'privileges[support][tickets]': '1',
};
const NORA_PRIVILEGES = { billing: { payinvoice: '1', balance: '1' }, support: { tickets: '1' } };
const NORA_CONTACT = {
  id: '12',
  firstname: 'Nora',
  lastname: 'Quinn',
  datecreated: '2026-11-20',
  email: 'nora.quinn@morgan-design.com',
  privileges: NORA_PRIVILEGES,
};

function world(app: FastifyInstance, session = 'default') {
  return app.billsim.sessions.get(session).world;
}

t.test('addClientContact creates a contact under the main client', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, NORA);
  assertSuccess(t, body, CALL);
  t.strictSame(body, { success: true, contact_id: '12', call: CALL, server_time: SERVER_TIME });

  const contacts = await read(t, app, 'getClientContacts', { id: '1' });
  t.strictSame(contacts.contacts, [TOM_ITEM, NORA_CONTACT]);
  const main = await clientDetails(t, app, '1');
  t.strictSame((main.contacts as unknown[])[1], NORA_CONTACT, "the main client's details list the contact");

  const details = await read(t, app, 'getClientDetails', { id: '12' });
  t.strictSame(details.client, {
    id: '12',
    email: 'nora.quinn@morgan-design.com',
    lastlogin: '0000-00-00 00:00:00',
    ip: '',
    host: '',
    status: 'Active',
    parent_id: '1',
    firstname: 'Nora',
    lastname: 'Quinn',
    companyname: '',
    address1: '',
    address2: '',
    city: 'London',
    state: '',
    postcode: '',
    country: 'GB',
    phonenumber: '+1.5125550199',
    datecreated: '2026-11-20',
    notes: '',
    language: 'english',
    company: '0',
    credit: '0.00',
    taxexempt: '0',
    latefeeoveride: '0',
    overideduenotices: '0',
    client_id: '12',
    cardnum: '',
    currency_id: '0',
    privileges: NORA_PRIVILEGES,
    howdidyou: '',
    contacts: [],
  });
  const clients = await read(t, app, 'getClients', {});
  t.notOk(
    (clients.clients as { id: string }[]).some((c) => c.id === '12'),
    'getClients lists main clients only',
  );
});

t.test('addClientContact stores the password only as a salted hash', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, CALL, NORA), CALL);
  assertSuccess(t, await api(app, CALL, { ...NORA, email: 'nora2@morgan-design.com' }), CALL);
  const first = world(app).get('clients', '12')!.password;
  const second = world(app).get('clients', '13')!.password;
  t.match(first, /^scrypt\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
  t.ok(verifyPassword(PASSWORD, first), 'the hash verifies the password');
  t.not(first, second, 'the same password hashes differently: each has its own salt');
  t.notOk(storeJson(app).includes(PASSWORD), 'the plain password is stored nowhere');
  const journal = await app.inject({ method: 'GET', url: '/__billsim/requests' });
  t.notOk(journal.body.includes(PASSWORD), 'nor kept in the request journal');
});

t.test("addClientContact copies the main client's currency and language; no privileges is PHP's empty array", async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, {
    id: '9',
    firstname: 'Pablo',
    lastname: 'Ruiz',
    email: 'pablo@torres-arquitectura.es',
    password: 'x',
    password2: 'x',
    companyname: 'Torres Arquitectura S.L.',
    country: '',
  });
  t.strictSame(assertSuccess(t, body, CALL), { contact_id: '12' });
  const stored = world(app).get('clients', '12')!;
  t.match(stored, { parent_id: '9', currency_id: '1', language: 'spanish', status: 'Active', country: '', company: '1' });
  t.strictSame(stored.privileges, []);
  t.strictSame((await clientDetails(t, app, '12')).privileges, [], 'shown as []');
});

t.test("addClientContact accepts every key of the vendor's privilege table", async (t) => {
  const app = await build(t);
  const table = {
    billing: ['emails', 'payinvoice', 'orders', 'balance', 'addfunds', 'creditcard'],
    support: ['newticket', 'tickets', 'closeticket', 'emails'],
    misc: ['editmain', 'emails', 'editipaccess', 'manageprofiles', 'affiliates'],
  };
  const params: WireParams = { ...NORA };
  for (const key of Object.keys(params)) if (key.startsWith('privileges')) delete params[key];
  for (const [section, keys] of Object.entries(table)) for (const key of keys) params[`privileges[${section}][${key}]`] = '1';
  assertSuccess(t, await api(app, CALL, params), CALL);
  const expected = Object.fromEntries(Object.entries(table).map(([s, keys]) => [s, Object.fromEntries(keys.map((k) => [k, '1']))]));
  t.strictSame(world(app).get('clients', '12')!.privileges, expected);
});

t.test('addClientContact grants a key flagged 1, true or on, and none flagged 0, false, off or empty', async (t) => {
  const app = await build(t);
  const params: WireParams = { ...NORA };
  for (const key of Object.keys(params)) if (key.startsWith('privileges')) delete params[key];
  const flags = { emails: '1', payinvoice: 'true', orders: 'on', balance: '0', addfunds: 'false', creditcard: 'off' };
  for (const [key, flag] of Object.entries(flags)) params[`privileges[billing][${key}]`] = flag;
  params['privileges[support][tickets]'] = '';
  assertSuccess(t, await api(app, CALL, params), CALL);
  t.strictSame((await clientDetails(t, app, '12')).privileges, { billing: { emails: '1', payinvoice: '1', orders: '1' } });
});

t.test('addClientContact works the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  assertSuccess(t, sameAnswers(t, await callInEachSession(app, CALL, NORA)), CALL);
  sameNewClientInEachSession(t, app, '12', PASSWORD);
});

t.test('addClientContact business rules', async (t) => {
  const app = await build(t);
  const cases: LabelledRefusal[] = [
    ['unknown main client', { ...NORA, id: '99' }, 'Client 99 not found'],
    ['a contact of a contact', { ...NORA, id: '10' }, 'Client 10 is a contact of client 1: contacts can only be added to a main client'],
    ['passwords differ', { ...NORA, password2: `${PASSWORD}!` }, 'Parameters password and password2 must be the same'],
    ['unknown country', { ...NORA, country: 'XX' }, 'Parameter country must be an ISO 3166-1 alpha-2 country code, such as GB'],
    ['reserved country code', { ...NORA, country: 'UK' }, 'Parameter country must be an ISO 3166-1 alpha-2 country code, such as GB'],
    emailTaken('email of a client, other case', NORA, 'ALICE@Morgan-Design.com'),
    emailTaken('email of a contact', NORA, 's.vogel@keller-maschinenbau.de'),
  ];
  await refusedEach(t, app, CALL, cases, 'failed calls, even late ones such as a taken email, leave the store unchanged');

  assertSuccess(t, await api(app, CALL, NORA), CALL);
  await refusedEach(t, app, CALL, [emailTaken('the email just taken, in another case', NORA, 'Nora.Quinn@morgan-design.com')]);
});

t.test('addClientContact parameter errors', async (t) => {
  const app = await build(t);
  const without = (name: string) => Object.fromEntries(Object.entries(NORA).filter(([k]) => k !== name));
  const cases: Array<[WireParams, string]> = [
    ...['id', 'firstname', 'lastname', 'email', 'password', 'password2'].map((name): [WireParams, string] => [
      without(name),
      `Parameter ${name} is required`,
    ]),
    [{ ...NORA, id: 'abc' }, 'Parameter id must be a positive whole number id, such as 1'],
    [{ ...NORA, firstname: '' }, 'Parameter firstname must be a non-empty text of at most 255 characters'],
    [{ ...NORA, email: 'nora.morgan-design.com' }, 'Parameter email must be a valid email address, such as jane@example.com'],
    [{ ...NORA, email: 'nora@localhost' }, 'Parameter email must be a valid email address, such as jane@example.com'],
    [{ ...NORA, password: '', password2: '' }, 'Parameter password must be a non-empty password of at most 255 characters'],
    [{ ...NORA, country: 'GBR' }, 'Parameter country must be an ISO 3166-1 alpha-2 country code, such as GB'],
    [
      { ...NORA, 'privileges[billing][invoices]': '1' },
      'Parameter privileges[billing][invoices] is not a known key here: use one of emails, payinvoice, orders, balance, addfunds, creditcard',
    ],
    [
      { ...NORA, 'privileges[support][payinvoice]': '1' },
      'Parameter privileges[support][payinvoice] is not a known key here: use one of newticket, tickets, closeticket, emails',
    ],
    [{ ...NORA, 'privileges[admin][editmain]': '1' }, 'Parameter privileges[admin] must be absent: it is not a known key here'],
    [
      { ...NORA, 'privileges[billing][payinvoice]': 'maybe' },
      'Parameter privileges[billing][payinvoice] must be 1, true, on or yes to grant it, or 0, false, off, no or empty to grant nothing',
    ],
    [{ ...NORA, privileges: 'all' }, 'Parameter privileges must be a set of privileges such as privileges[billing][payinvoice]=1'],
    [
      { ...NORA, 'privileges[misc]': 'all' },
      'Parameter privileges[misc] must be a set of misc privileges such as privileges[misc][editmain]=1',
    ],
  ];
  await refusedWith(t, app, CALL, cases);
});

t.test('addClientContact finds a taken email through an index, never a scan', async (t) => {
  const world = new World(new Seed(loadFixtures(defaultFixturesDir)));
  noScanOf(world, 'clients');
  const ctx = { world: world, now: FROZEN_NOW };
  const params = { id: '2', firstname: 'Jan', lastname: 'Roth', email: 'jan@keller-maschinenbau.de', password: 'p', password2: 'p' };
  t.strictSame(
    world.transaction(() => addClientContact.run(params, ctx)),
    { contact_id: '12' },
  );
  t.throws(
    () => addClientContact.run({ ...params, email: 'JAN@keller-maschinenbau.de' }, ctx),
    new ApiError('Email JAN@keller-maschinenbau.de is already used by another client or contact'),
  );
});

t.test('addClientContact answers the problems of its client, passwords, country and e-mail at once', async (t) => {
  const app = await build(t);
  const sent = {
    id: '99',
    firstname: 'A',
    lastname: 'B',
    email: 'alice@morgan-design.com',
    password: 'Abcdef-12',
    password2: 'Abcdef-13',
    country: 'ZZ',
  };
  await refusedAtOnce(t, app, 'addClientContact', sent, [
    'Client 99 not found',
    'Parameters password and password2 must be the same',
    'Parameter country must be an ISO 3166-1 alpha-2 country code, such as GB',
    'Email alice@morgan-design.com is already used by another client or contact',
  ]);
});
