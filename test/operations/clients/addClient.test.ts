import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { CREDENTIALS, api, assertError, assertSuccess, build, storeJson, SERVER_TIME } from '../../helpers/app.js';
import { read } from '../../helpers/reads.js';
import { answersInEachSession, sameNewClientInEachSession } from '../../helpers/sessions.js';
import type { WireParams } from '../../helpers/app.js';
import { emailTaken, refusedEach, refusedWith } from '../../helpers/refusals.js';
import type { LabelledRefusal } from '../../helpers/refusals.js';
import { verifyPassword } from '../../../src/domain/password.js';

const CALL = 'addClient';
const PASSWORD = 'Blue-Kettle-77';
const OLIVIA: WireParams = {
  firstname: 'Olivia',
  lastname: 'Brandt',
  email: 'olivia@brandt-studio.at',
  password: PASSWORD,
  password2: PASSWORD,
  phonenumber: '+43.15550123',
  address1: 'Mariahilfer Straße 88',
  city: 'Wien',
  postcode: '1070',
  country: 'at',
  companyname: 'Brandt Studio',
  type: 'Company',
  language: 'german',
  currency_id: '1',
};
const CREATED = { success: true, client_id: '12', call: CALL, server_time: SERVER_TIME, info: ['New client account created'] };

function world(app: FastifyInstance, session = 'default') {
  return app.billsim.sessions.get(session).world;
}

async function outbox(app: FastifyInstance) {
  return (await app.inject({ method: 'GET', url: '/__billsim/emails' })).json().emails as unknown[];
}

t.test('addClient creates a main client and answers its id as the published sample does', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, OLIVIA);
  assertSuccess(t, body, CALL);
  t.strictSame(body, CREATED);

  const details = await read(t, app, 'getClientDetails', { id: '12' });
  t.strictSame(details.client, {
    id: '12',
    email: 'olivia@brandt-studio.at',
    lastlogin: '0000-00-00 00:00:00',
    ip: '',
    host: '',
    status: 'Active',
    parent_id: '0',
    firstname: 'Olivia',
    lastname: 'Brandt',
    companyname: 'Brandt Studio',
    address1: 'Mariahilfer Straße 88',
    address2: '',
    city: 'Wien',
    state: '',
    postcode: '1070',
    country: 'AT',
    phonenumber: '+43.15550123',
    datecreated: '2026-11-20',
    notes: '',
    language: 'german',
    company: '1',
    credit: '0.00',
    taxexempt: '0',
    latefeeoveride: '0',
    overideduenotices: '0',
    client_id: '12',
    cardnum: '',
    currency_id: '1',
    privileges: null,
    howdidyou: '',
    contacts: [],
  });
  const clients = (await read(t, app, 'getClients', {})).clients as unknown[];
  t.strictSame(
    clients[0],
    {
      id: '12',
      firstname: 'Olivia',
      lastname: 'Brandt',
      datecreated: '2026-11-20',
      email: 'olivia@brandt-studio.at',
      companyname: 'Brandt Studio',
      services: 0,
    },
    'getClients lists the new client first',
  );
  const login = await api(app, 'verifyClientLogin', { email: 'OLIVIA@brandt-studio.at', password: PASSWORD });
  t.strictSame(assertSuccess(t, login, 'verifyClientLogin'), { client_id: '12', mfa_status: 0 }, 'the client can log in');
  t.strictSame(await outbox(app), [], 'no e-mail without notify');
});

t.test('addClient needs only email and passwords and fills the defaults', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, { email: 'min@example.com', password: 'p', password2: 'p' });
  t.strictSame(body, CREATED);
  const { password, ...stored } = world(app).get('clients', '12')!;
  t.ok(verifyPassword('p', password));
  t.match(stored, {
    firstname: '',
    lastname: '',
    status: 'Active',
    language: 'english',
    currency_id: '0',
    country: '',
    company: '0',
    companyname: '',
    parent_id: '0',
    privileges: null,
  });
});

t.test('addClient takes the published statuses, and type decides the company flag', async (t) => {
  const app = await build(t);
  const cases: Array<[WireParams, Record<string, string>]> = [
    [{ status: 'Lead' }, { status: 'Lead', company: '0' }],
    [
      { status: 'Prospect', companyname: 'Acme' },
      { status: 'Prospect', company: '1' },
    ],
    [
      { status: 'Lost', companyname: 'Acme', type: 'Private' },
      { status: 'Lost', company: '0' },
    ],
    [
      { status: 'Active', type: 'Company' },
      { status: 'Active', company: '1' },
    ],
  ];
  let n = 0;
  for (const [extra, expected] of cases) {
    const email = `c${n++}@example.com`;
    const body = await api(app, CALL, { email, password: 'p', password2: 'p', ...extra });
    const id = assertSuccess(t, body, CALL).client_id as string;
    const client = (await read(t, app, 'getClientDetails', { id })).client as Record<string, string>;
    t.match(client, expected, JSON.stringify(extra));
  }
});

t.test('addClient stores the password only as a salted hash', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, CALL, OLIVIA), CALL);
  assertSuccess(t, await api(app, CALL, { ...OLIVIA, email: 'olivia2@brandt-studio.at' }), CALL);
  const [first, second] = ['12', '13'].map((id) => world(app).get('clients', id)!.password);
  t.match(first, /^scrypt\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
  t.ok(verifyPassword(PASSWORD, first));
  t.not(first, second, 'each password has its own salt');
  t.notOk(storeJson(app).includes(PASSWORD), 'the plain password is stored nowhere');
  const journal = await app.inject({ method: 'GET', url: '/__billsim/requests' });
  t.notOk(journal.body.includes(PASSWORD), 'nor kept in the request journal');
});

t.test('the same sign-up replayed in another session stores the same bytes, salt included', async (t) => {
  const app = await build(t);
  for (const session of ['first', 'replay']) assertSuccess(t, await api(app, CALL, OLIVIA, { session }), CALL);
  const stored = (session: string) => app.billsim.sessions.get(session).world.get('clients', '12');
  t.strictSame(stored('replay'), stored('first'));
  t.ok(verifyPassword(PASSWORD, stored('replay')!.password));
});

t.test('addClient with notify=1 records the sign-up e-mail in the outbox', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, CALL, { ...OLIVIA, notify: '1' }), CALL);
  t.strictSame(await outbox(app), [
    {
      id: '1',
      date: '2026-11-20 12:00:00',
      to: 'olivia@brandt-studio.at',
      subject: 'Your client area login details',
      template: 'Details:Signup',
      client_id: '12',
      related: {},
    },
  ]);
  t.notOk(JSON.stringify(await outbox(app)).includes(PASSWORD), 'the e-mail record holds no password');
  assertSuccess(t, await api(app, CALL, { ...OLIVIA, email: 'quiet@example.com', notify: '0' }), CALL);
  t.equal((await outbox(app)).length, 1, 'notify=0 sends nothing');
});

t.test('addClient works the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  await answersInEachSession(t, app, CALL, OLIVIA, CREATED);
  sameNewClientInEachSession(t, app, '12', PASSWORD);
});

t.test('a GET with Content-Type: application/json and no body, as the n8n HostBill node sends, works', async (t) => {
  const app = await build(t);
  const query = new URLSearchParams({ call: CALL, ...CREDENTIALS, ...(OLIVIA as Record<string, string>) });
  const response = await app.inject({
    method: 'GET',
    url: `/admin/api.php?${query}`,
    headers: { 'content-type': 'application/json' },
  });
  t.equal(response.statusCode, 200);
  t.strictSame(response.json(), CREATED, 'client_id and info are where the node reads them');
  t.equal(world(app).get('clients', '12')?.email, 'olivia@brandt-studio.at');
});

t.test('addClient refusals change nothing', async (t) => {
  const app = await build(t);
  const cases: LabelledRefusal[] = [
    ['passwords differ', { ...OLIVIA, password2: `${PASSWORD}!` }, 'Parameters password and password2 must be the same'],
    emailTaken('email of a client, other case', OLIVIA, 'Alice@MORGAN-design.com'),
    emailTaken('email of a contact', OLIVIA, 'tom.reed@morgan-design.com'),
    ['unknown country', { ...OLIVIA, country: 'XX' }, 'Parameter country must be an ISO 3166-1 alpha-2 country code, such as GB'],
    ['unknown currency', { ...OLIVIA, currency_id: '9' }, 'Currency 9 not found'],
  ];
  const before = storeJson(app);
  for (const [label, params, message] of cases) {
    const body = await api(app, CALL, { ...params, notify: '1' });
    t.strictSame(body.error, [message], label);
    assertError(t, body, CALL, [message]);
  }
  t.equal(storeJson(app), before, 'no client and no e-mail after a refusal');

  assertSuccess(t, await api(app, CALL, OLIVIA), CALL);
  await refusedEach(t, app, CALL, [emailTaken('the email just taken, in another case', OLIVIA, 'Olivia@Brandt-Studio.at')]);
});

t.test('addClient parameter errors', async (t) => {
  const app = await build(t);
  const without = (name: string) => Object.fromEntries(Object.entries(OLIVIA).filter(([k]) => k !== name));
  const cases: Array<[WireParams, string]> = [
    [without('email'), 'Parameter email is required'],
    [without('password'), 'Parameter password is required'],
    [without('password2'), 'Parameter password2 is required'],
    [{ ...OLIVIA, email: 'olivia.brandt-studio.at' }, 'Parameter email must be a valid email address, such as jane@example.com'],
    [{ ...OLIVIA, password: '', password2: '' }, 'Parameter password must be a non-empty password of at most 255 characters'],
    [{ ...OLIVIA, status: 'Closed' }, 'Parameter status must be one of: Active, Lead, Prospect, Lost'],
    [{ ...OLIVIA, type: 'Business' }, 'Parameter type must be one of: Private, Company'],
    [{ ...OLIVIA, country: 'AUT' }, 'Parameter country must be an ISO 3166-1 alpha-2 country code, such as GB'],
    [{ ...OLIVIA, currency_id: 'EUR' }, 'Parameter currency_id must be 0 or a positive whole number id'],
    [{ ...OLIVIA, notify: 'maybe' }, 'Parameter notify must be one of: 0, 1'],
    [{ ...OLIVIA, language: 'German!' }, 'Parameter language must be a language name in lower case letters, such as english'],
    [{ ...OLIVIA, firstname: 'x'.repeat(256) }, 'Parameter firstname must be a text of at most 255 characters'],
  ];
  await refusedWith(t, app, CALL, cases);
});
