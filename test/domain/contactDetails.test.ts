import t from 'tap';
import { AVAILABLE_PRIVILEGES, contactDetails } from '../../src/domain/contactDetails.js';
import { world } from '../helpers/world.js';

// The published getClientContact sample's keys, in its order, up to where it is cut.
const PUBLISHED = [
  'id',
  'group_id',
  'email',
  'password',
  'lastlogin',
  'ip',
  'host',
  'status',
  'loginattempts',
  'mfamodule',
  'brand_id',
  'browser',
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
  'overideautosusp',
  'taxrateoverride',
  'taxrate',
  'cardtype',
  'cardnum',
  'expdate',
  'overideduenotices',
  'disableemails',
  'client_id',
  'currency_id',
];

const contactWorld = (flags: { latefeeoveride: '0' | '1'; overideduenotices: '0' | '1' }) =>
  world({
    clients: [{}, { parent_id: '1', email: 'contact@example.com', privileges: { support: { tickets: '1' } }, ...flags }],
  });

t.test('contactDetails: the published keys in order, then privileges and howdidyou; the password never answered', async (t) => {
  const w = contactWorld({ latefeeoveride: '0', overideduenotices: '0' });
  const details = contactDetails(w.get('clients', '2')!);
  t.strictSame(Object.keys(details), [...PUBLISHED, 'privileges', 'howdidyou']);
  t.equal(details.password, '');
  t.strictSame(details.privileges, { support: { tickets: '1' } });
  t.equal(details.latefeeoveride, 0, 'a JSON number, as published');
  t.equal(details.overideduenotices, false, 'a JSON boolean, as published');
  t.strictSame(details.browser, []);
});

t.test('contactDetails: the flags set, and no card (cards belong to the main client)', async (t) => {
  const w = contactWorld({ latefeeoveride: '1', overideduenotices: '1' });
  const details = contactDetails(w.get('clients', '2')!);
  t.equal(details.latefeeoveride, 1);
  t.equal(details.overideduenotices, true);
  t.strictSame([details.cardtype, details.cardnum, details.expdate], ['', '', '']);
});

t.test('AVAILABLE_PRIVILEGES lists every key a request may grant, in the published order', async (t) => {
  t.strictSame(Object.keys(AVAILABLE_PRIVILEGES.billing), ['emails', 'payinvoice', 'orders', 'balance', 'addfunds', 'creditcard']);
  t.strictSame(Object.keys(AVAILABLE_PRIVILEGES.support), ['newticket', 'tickets', 'closeticket', 'emails']);
  t.strictSame(Object.keys(AVAILABLE_PRIVILEGES.misc), ['editmain', 'emails', 'editipaccess', 'manageprofiles', 'affiliates']);
});
