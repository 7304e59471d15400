import t from 'tap';
import fs from 'node:fs';
import path from 'node:path';
import { api, assertError, build } from '../../helpers/app.js';
import { ALICE, TOM_ITEM } from '../../helpers/records.js';
import { clientDetails, read, readEverywhere } from '../../helpers/reads.js';
import { defaultFixturesDir } from '../../../src/paths.js';

const stored = JSON.parse(fs.readFileSync(path.join(defaultFixturesDir, 'clients.json'), 'utf8')) as Record<string, unknown>[];
const CLIENT_KEYS = [
  'id',
  'email',
  'lastlogin',
  'ip',
  'host',
  'status',
  'parent_id',
  'firstname',
  'lastname',
  'companyname',
  'address1',
  'address2',
  'city',
  'state',
  'postcode',
  'country',
  'phonenumber',
  'datecreated',
  'notes',
  'language',
  'company',
  'credit',
  'taxexempt',
  'latefeeoveride',
  'overideduenotices',
  'client_id',
  'cardnum',
  'currency_id',
  'privileges',
  'howdidyou',
  'contacts',
];

t.test('getClientDetails answers the client as invoices embed it, plus its contacts', async (t) => {
  const app = await build(t);
  const client = (await readEverywhere(t, app, 'getClientDetails', { id: '1' })).client as Record<string, unknown>;
  t.strictSame(client, {
    ...ALICE,
    contacts: [TOM_ITEM],
  });
  t.strictSame(Object.keys(client), CLIENT_KEYS, 'stored order, contacts last, no password');
});

t.test('getClientDetails embeds the client getInvoiceDetails does, less the password hash', async (t) => {
  const app = await build(t);
  const details = await clientDetails(t, app, '5');
  const invoice = (await read(t, app, 'getInvoiceDetails', { id: '5' })).invoice as Record<string, unknown>;
  const { contacts, ...embedded } = details;
  t.strictSame(contacts, []);
  const { password, ...withoutHash } = invoice.client as Record<string, unknown>;
  t.match(password, /^scrypt\$/, 'the invoice carries the hash');
  t.strictSame(embedded, withoutHash, 'client details carry every other field');
  t.equal(embedded.cardnum, '************4444', 'a tokenized card shows masked');
});

t.test('getClientDetails of every stored client leaves out only the password', async (t) => {
  const app = await build(t);
  for (const record of stored) {
    const client = (await read(t, app, 'getClientDetails', { id: String(record.id) })).client as Record<string, unknown>;
    const { password, ...expected } = record;
    t.match(password, /^scrypt\$/);
    const { contacts, ...rest } = client;
    void contacts;
    t.strictSame(rest, expected, `client ${String(record.id)}`);
  }
  const contact = await clientDetails(t, app, '11');
  t.strictSame(contact.privileges, { billing: { payinvoice: '1' }, support: { newticket: '1', tickets: '1' } }, "the vendor's keys");
  t.strictSame(contact.contacts, [], 'a contact has no contacts of its own');
});

t.test('getClientDetails errors', async (t) => {
  const app = await build(t);
  const call = 'getClientDetails';
  assertError(t, await api(app, call, {}), call, ['Parameter id is required']);
  assertError(t, await api(app, call, { id: 'abc' }), call, ['Parameter id must be a positive whole number id, such as 1']);
  assertError(t, await api(app, call, { id: '0' }), call, ['Parameter id must be a positive whole number id, such as 1']);
  assertError(t, await api(app, call, { id: '99' }), call, ['Client 99 not found']);
});
