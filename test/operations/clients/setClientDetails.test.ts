import t from 'tap';
import { api, assertError, assertSuccess, build, type WireParams, SERVER_TIME } from '../../helpers/app.js';
import { answersInEachSession, sameRecordInEachSession } from '../../helpers/sessions.js';
import { emailTaken, refusals, refusedEach } from '../../helpers/refusals.js';
import type { LabelledRefusal } from '../../helpers/refusals.js';
import { clientDetails, read } from '../../helpers/reads.js';

const CALL = 'setClientDetails';
const UPDATED = { success: true, client: true, call: CALL, server_time: SERVER_TIME, info: ['Client details updated'] };
const CHANGES: WireParams = {
  id: '1',
  firstname: 'Alicia',
  email: 'alicia@morgan-design.com',
  phonenumber: '+1.5125550100',
  type: 'Private',
  address2: '',
  city: 'Round Rock',
  country: 'ca',
  companyname: 'Morgan Design Co.',
  status: 'Closing',
  language: 'french',
  currency_id: '2',
  curchange: 'change',
};

t.test('setClientDetails changes the fields given and answers the published sample shape', async (t) => {
  const app = await build(t);
  const before = await clientDetails(t, app, '1');
  const body = await api(app, CALL, CHANGES);
  assertSuccess(t, body, CALL);
  t.strictSame(body, UPDATED);
  t.strictSame(Object.keys(body), ['success', 'client', 'call', 'server_time', 'info'], 'keys in the published order');

  t.strictSame(await clientDetails(t, app, '1'), {
    ...before,
    firstname: 'Alicia',
    email: 'alicia@morgan-design.com',
    phonenumber: '+1.5125550100',
    company: '0',
    address2: '',
    city: 'Round Rock',
    country: 'CA',
    companyname: 'Morgan Design Co.',
    status: 'Closing',
    language: 'french',
    currency_id: '2',
  });
  const clients = (await read(t, app, 'getClients', { perpage: '100' })).clients as Record<string, unknown>[];
  t.strictSame(
    clients.find((c) => c.id === '1'),
    {
      id: '1',
      firstname: 'Alicia',
      lastname: 'Morgan',
      datecreated: '2025-03-14',
      email: 'alicia@morgan-design.com',
      companyname: 'Morgan Design Co.',
      services: 4,
    },
    'getClients shows the new name, email and company',
  );
  assertError(t, await api(app, 'addClient', { email: 'ALICIA@morgan-design.com', password: 'p', password2: 'p' }), 'addClient', [
    'Email ALICIA@morgan-design.com is already used by another client or contact',
  ]);
  assertSuccess(t, await api(app, 'addClient', { email: 'alice@morgan-design.com', password: 'p', password2: 'p' }), 'addClient');
});

t.test('setClientDetails leaves every field not sent as it was', async (t) => {
  const app = await build(t);
  const before = await clientDetails(t, app, '2');
  t.strictSame(await api(app, CALL, { id: '2', address1: 'Industriestraße 14' }), UPDATED);
  t.strictSame(await clientDetails(t, app, '2'), { ...before, address1: 'Industriestraße 14' });
  t.strictSame(await api(app, CALL, { id: '2', country: '', state: '' }), UPDATED);
  t.strictSame(
    await clientDetails(t, app, '2'),
    { ...before, address1: 'Industriestraße 14', country: '', state: '' },
    'empty texts clear',
  );
  t.strictSame(await api(app, CALL, { id: '2' }), UPDATED, 'nothing sent, nothing changed');
  t.strictSame(await clientDetails(t, app, '2'), { ...before, address1: 'Industriestraße 14', country: '', state: '' });
});

t.test('setClientDetails: type alone sets the company flag; each published status is taken', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, CALL, { id: '4', type: 'Company' }), CALL);
  t.match(await clientDetails(t, app, '4'), { company: '1', companyname: '' });
  for (const status of ['Active', 'Closing', 'Closed', 'Pending Removal', 'Archived', 'Lead', 'Prospect', 'Lost']) {
    assertSuccess(t, await api(app, CALL, { id: '4', status }), CALL);
    t.equal((await clientDetails(t, app, '4')).status, status);
  }
});

t.test('setClientDetails keeps the own email in another case, and curchange=recalculate switches like change', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, CALL, { id: '1', email: 'Alice@Morgan-Design.com' }), CALL);
  t.equal((await clientDetails(t, app, '1')).email, 'Alice@Morgan-Design.com');
  const invoicesBefore = JSON.stringify(app.billsim.sessions.get('default').world.all('invoices'));
  assertSuccess(t, await api(app, CALL, { id: '1', currency_id: '1', curchange: 'recalculate' }), CALL);
  t.equal((await clientDetails(t, app, '1')).currency_id, '1');
  t.equal(JSON.stringify(app.billsim.sessions.get('default').world.all('invoices')), invoicesBefore, 'no document is converted');
  assertSuccess(t, await api(app, CALL, { id: '1', curchange: 'change' }), CALL);
  t.equal((await clientDetails(t, app, '1')).currency_id, '1', 'curchange without currency_id changes nothing');
});

t.test('setClientDetails works the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  await answersInEachSession(t, app, CALL, CHANGES, UPDATED);
  const record = await sameRecordInEachSession(t, (via) => clientDetails(t, app, '1', via));
  t.equal(record.firstname, 'Alicia');
  t.equal((await clientDetails(t, app, '1')).firstname, 'Alice', 'the default session is untouched');
});

t.test('setClientDetails refusals change nothing', async (t) => {
  const app = await build(t);
  const cases: LabelledRefusal[] = [
    ['unknown client', { ...CHANGES, id: '99' }, 'Client 99 not found'],
    [
      'a contact',
      { id: '10', firstname: 'Thomas' },
      'Client 10 is a contact of client 1, not a main client: change a contact with setContactDetails',
    ],
    emailTaken("another client's email, other case", CHANGES, 'Bruno.Keller@keller-maschinenbau.de'),
    emailTaken("a contact's email", CHANGES, 'tom.reed@morgan-design.com'),
    ['unknown country', { ...CHANGES, country: 'XX' }, 'Parameter country must be an ISO 3166-1 alpha-2 country code, such as GB'],
    ['unknown currency, after every other field was fine', { ...CHANGES, currency_id: '9' }, 'Currency 9 not found'],
  ];
  await refusedEach(t, app, CALL, cases);
});

refusals('setClientDetails parameter errors', CALL, [
  [{ firstname: 'Alicia' }, 'Parameter id is required'],
  [{ id: '0' }, 'Parameter id must be a positive whole number id, such as 1'],
  [{ id: 'one' }, 'Parameter id must be a positive whole number id, such as 1'],
  [{ id: '1', email: 'alice' }, 'Parameter email must be a valid email address, such as jane@example.com'],
  [{ id: '1', email: '' }, 'Parameter email must be a valid email address, such as jane@example.com'],
  [{ id: '1', type: 'company' }, 'Parameter type must be one of: Private, Company'],
  [
    { id: '1', status: 'Inactive' },
    'Parameter status must be one of: Active, Closing, Closed, Pending Removal, Archived, Lead, Prospect, Lost',
  ],
  [{ id: '1', country: 'USA' }, 'Parameter country must be an ISO 3166-1 alpha-2 country code, such as GB'],
  [{ id: '1', currency_id: 'GBP' }, 'Parameter currency_id must be 0 or a positive whole number id'],
  [{ id: '1', curchange: 'convert' }, 'Parameter curchange must be one of: change, recalculate'],
  [{ id: '1', city: 'x'.repeat(256) }, 'Parameter city must be a text of at most 255 characters'],
]);
