import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, assertSuccess, build, type WireParams, SERVER_TIME } from '../../helpers/app.js';
import { answersInEachSession, sameRecordInEachSession } from '../../helpers/sessions.js';
import { emailTaken, refusals, refusedEach } from '../../helpers/refusals.js';
import type { LabelledRefusal } from '../../helpers/refusals.js';
import { clientDetails, read } from '../../helpers/reads.js';
import { TOM_ITEM } from '../../helpers/records.js';

const CALL = 'setContactDetails';
const UPDATED = { success: true, client: true, call: CALL, server_time: SERVER_TIME, info: ['Client details updated'] };
const CHANGES: WireParams = {
  id: '10',
  firstname: 'Thomas',
  lastname: 'Reed-Hale',
  email: 'thomas@morgan-design.com',
  phonenumber: '+1.5125550150',
  type: 'Private',
  address1: '500 Lavaca St',
  address2: '',
  city: 'Austin',
  state: 'TX',
  postcode: '78702',
  country: 'us',
  companyname: '',
};

async function contacts(t: Test, app: FastifyInstance, id: string): Promise<unknown[]> {
  return (await read(t, app, 'getClientContacts', { id })).contacts as unknown[];
}

t.test('setContactDetails changes the fields given and answers as the published sample does', async (t) => {
  const app = await build(t);
  const before = await clientDetails(t, app, '10');
  const main = await clientDetails(t, app, '1');
  const body = await api(app, CALL, CHANGES);
  assertSuccess(t, body, CALL);
  t.strictSame(body, UPDATED);
  t.strictSame(Object.keys(body), ['success', 'client', 'call', 'server_time', 'info'], 'keys in the published order');

  t.strictSame(await clientDetails(t, app, '10'), {
    ...before,
    firstname: 'Thomas',
    lastname: 'Reed-Hale',
    email: 'thomas@morgan-design.com',
    phonenumber: '+1.5125550150',
    company: '0',
    address1: '500 Lavaca St',
    address2: '',
    state: 'TX',
    postcode: '78702',
    companyname: '',
  });
  const contact = { ...TOM_ITEM, firstname: 'Thomas', lastname: 'Reed-Hale', email: 'thomas@morgan-design.com' };
  t.strictSame(await contacts(t, app, '1'), [contact], 'getClientContacts shows the change');
  t.strictSame(await clientDetails(t, app, '1'), { ...main, contacts: [contact] }, 'the main client changes only in its contact list');
});

t.test('setContactDetails leaves every field not sent as it was, and ignores what it does not take', async (t) => {
  const app = await build(t);
  const before = await clientDetails(t, app, '11');
  t.strictSame(await api(app, CALL, { id: '11', city: 'Esslingen', status: 'Closed', currency_id: '0', language: 'german' }), UPDATED);
  t.strictSame(await clientDetails(t, app, '11'), { ...before, city: 'Esslingen' });
  t.strictSame(await api(app, CALL, { id: '11', email: 'S.Vogel@keller-maschinenbau.de' }), UPDATED, 'its own email in another case');
  t.strictSame(await clientDetails(t, app, '11'), { ...before, city: 'Esslingen', email: 'S.Vogel@keller-maschinenbau.de' });
});

t.test('setContactDetails replaces the privileges when it is given them, and keeps them when not', async (t) => {
  const app = await build(t);
  const before = await clientDetails(t, app, '10');
  t.strictSame(await api(app, CALL, { id: '10', city: 'Dallas' }), UPDATED);
  t.strictSame((await clientDetails(t, app, '10')).privileges, { billing: { emails: '1', payinvoice: '1' } }, 'none sent: kept');
  const privileges = { 'privileges[support][tickets]': 'true', 'privileges[billing][emails]': 'false', 'privileges[misc][emails]': 'on' };
  t.strictSame(await api(app, CALL, { id: '10', ...privileges }), UPDATED);
  const after = await clientDetails(t, app, '10');
  t.strictSame(
    after,
    { ...before, city: 'Dallas', privileges: { support: { tickets: '1' }, misc: { emails: '1' } } },
    'the set given, as given',
  );
  t.strictSame((await read(t, app, 'getClientContacts', { id: '1' })).contacts, [{ ...TOM_ITEM, privileges: after.privileges }]);
  t.strictSame(await api(app, CALL, { id: '10', 'privileges[billing][emails]': '0' }), UPDATED);
  t.strictSame((await clientDetails(t, app, '10')).privileges, [], 'nothing granted: the empty array');
});

t.test('setContactDetails works the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  await answersInEachSession(t, app, CALL, CHANGES, UPDATED);
  const record = await sameRecordInEachSession(t, (via) => clientDetails(t, app, '10', via));
  t.equal(record.firstname, 'Thomas');
  t.equal((await clientDetails(t, app, '10')).firstname, 'Tom', 'the default session is untouched');
});

t.test('setContactDetails refusals change nothing', async (t) => {
  const app = await build(t);
  const cases: LabelledRefusal[] = [
    ['unknown contact', { ...CHANGES, id: '99' }, 'Contact 99 not found'],
    ['a main client', { ...CHANGES, id: '1' }, 'Client 1 is a main client, not a contact: change a main client with setClientDetails'],
    emailTaken("its main client's email", CHANGES, 'ALICE@morgan-design.com'),
    emailTaken("another contact's email", CHANGES, 's.vogel@keller-maschinenbau.de'),
    ['unknown country', { ...CHANGES, country: 'UK' }, 'Parameter country must be an ISO 3166-1 alpha-2 country code, such as GB'],
    [
      "billsim's old key",
      { ...CHANGES, 'privileges[billing][creditcards]': '1' },
      'Parameter privileges[billing][creditcards] is not a known key here: use one of emails, payinvoice, orders, balance, addfunds, creditcard',
    ],
  ];
  await refusedEach(t, app, CALL, cases);
});

refusals('setContactDetails parameter errors', CALL, [
  [{ firstname: 'Thomas' }, 'Parameter id is required'],
  [{ id: '-10' }, 'Parameter id must be a positive whole number id, such as 1'],
  [{ id: '10', email: 'thomas@localhost' }, 'Parameter email must be a valid email address, such as jane@example.com'],
  [{ id: '10', type: 'Person' }, 'Parameter type must be one of: Private, Company'],
  [{ id: '10', country: 'U' }, 'Parameter country must be an ISO 3166-1 alpha-2 country code, such as GB'],
  [{ id: '10', lastname: 'x'.repeat(256) }, 'Parameter lastname must be a text of at most 255 characters'],
]);
