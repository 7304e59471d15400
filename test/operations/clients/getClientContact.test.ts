import t from 'tap';
import { api, build, SERVER_TIME } from '../../helpers/app.js';
import { read, readEverywhere } from '../../helpers/reads.js';
import { idRefusals, refusals } from '../../helpers/refusals.js';

const CALL = 'getClientContact';

// Contact 10 (Tom Reed, of client 1) of the bundled world, in the published key order and JSON types.
const TOM = {
  id: '10',
  group_id: '0',
  email: 'tom.reed@morgan-design.com',
  password: '',
  lastlogin: '2026-11-03 10:05:19',
  ip: '198.51.100.24',
  host: '198-51-100-24.static.austin-fiber.net',
  status: 'Active',
  loginattempts: '0',
  mfamodule: '0',
  brand_id: '1',
  browser: [],
  parent_id: '1',
  firstname: 'Tom',
  lastname: 'Reed',
  companyname: 'Morgan Design Studio LLC',
  address1: '1420 Congress Ave',
  address2: 'Suite 300',
  city: 'Austin',
  state: 'Texas',
  postcode: '78701',
  country: 'US',
  phonenumber: '+1.5125550143',
  datecreated: '2025-09-01',
  notes: '',
  language: 'english',
  company: '1',
  credit: '0.00',
  taxexempt: '0',
  latefeeoveride: 0,
  overideautosusp: '0',
  taxrateoverride: '0',
  taxrate: '0',
  cardtype: '',
  cardnum: '',
  expdate: '',
  overideduenotices: false,
  disableemails: '0',
  client_id: '10',
  currency_id: '0',
  privileges: { billing: { emails: '1', payinvoice: '1' } },
  howdidyou: '',
};
const AVAILABLE = {
  billing: {
    emails: 'Receive billing notifications',
    payinvoice: 'Allow to view/pay invoices',
    orders: 'Place new orders',
    balance: 'View current balance',
    addfunds: 'Add funds',
    creditcard: 'Edit Credit Card details',
  },
  support: {
    newticket: 'Open new tickets',
    tickets: 'View current tickets',
    closeticket: 'Close tickets',
    emails: 'Receive email notifications',
  },
  misc: {
    editmain: 'Modify main profile details',
    emails: 'View emails history',
    editipaccess: 'Edit security settings',
    manageprofiles: 'Add / Edit contacts',
    affiliates: 'Access affiliates section',
  },
};

t.test('getClientContact answers one contact in the published shape, then the privileges it may be given', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, { id: '10' });
  t.strictSame(body, { success: true, client: TOM, available_privileges: AVAILABLE, call: CALL, server_time: SERVER_TIME });
  t.strictSame(Object.keys(body), ['success', 'client', 'available_privileges', 'call', 'server_time']);
  t.strictSame(Object.keys(body.client as object), Object.keys(TOM), 'the published key order');
  t.strictSame(
    await readEverywhere(t, app, CALL, { id: '10' }),
    { client: TOM, available_privileges: AVAILABLE },
    'the same through every encoding',
  );
});

t.test('getClientContact shows what editContactPermissions and setContactDetails change', async (t) => {
  const app = await build(t);
  await api(app, 'editContactPermissions', { id: '10', 'privileges[support][tickets]': '1', 'privileges[misc][editmain]': '1' });
  await api(app, 'setContactDetails', { id: '10', city: 'Round Rock' });
  const { client } = await read(t, app, CALL, { id: '10' });
  t.strictSame(client, {
    ...TOM,
    city: 'Round Rock',
    privileges: { support: { tickets: '1' }, misc: { editmain: '1' } },
  });
});

refusals('getClientContact refusals change nothing', CALL, [
  ...idRefusals('Contact', 'ten'),
  [{ id: '1' }, 'Client 1 is a main client, not a contact: getClientDetails answers a main client'],
]);
