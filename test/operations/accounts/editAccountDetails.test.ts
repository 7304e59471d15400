import t from 'tap';
import { api, assertSuccess, build, storeJson, type WireParams } from '../../helpers/app.js';
import { infoAnswer } from '../../helpers/shapes.js';
import { refusals, refusedAtOnce } from '../../helpers/refusals.js';
import { accountDetails, read } from '../../helpers/reads.js';
import { sameEverywhereMutating } from '../../helpers/sessions.js';

const CALL = 'editAccountDetails';

const EVERYTHING: WireParams = {
  id: '1',
  product_id: '3',
  date_created: '2025-03-15',
  domain: 'studio.morgan-design.com',
  server_id: '3',
  payment_module: '1',
  firstpayment: '9.5',
  total: '16',
  next_due: '2027-01-14',
  status: 'Suspended',
  username: 'morgan2',
  password: 'N3w-Pass',
  rootpassword: 'r00t-Pass',
  commitment_date: '2027-03-14',
  notes: 'Moved by hand',
};

t.test('editAccountDetails writes every field sent and answers the published language key', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, EVERYTHING);
  assertSuccess(t, body, CALL);
  infoAnswer(t, body, { success: true, call: CALL, server_time: body.server_time, info: ['account_updated2'] });
  t.strictSame(await accountDetails(t, app, '1'), {
    id: '1',
    client_id: '1',
    order_id: '1001',
    product_id: '3',
    parent_id: '0',
    date_created: '2025-03-15',
    domain: 'studio.morgan-design.com',
    server_id: '3',
    payment_module: '1',
    firstpayment: '9.50',
    total: '16.00',
    billingcycle: 'Monthly',
    billingtype: 'PrePay',
    next_due: '2027-01-14',
    due_day: '14',
    expires: '2027-01-14',
    autorenew: '1',
    next_invoice: '2026-12-31',
    status: 'Suspended',
    label: '',
    username: 'morgan2',
    password: 'N3w-Pass',
    extra_details: [],
    manual: '0',
    currency_id: '0',
    notes: 'Moved by hand',
    name: 'Ultimate Hosting',
    mod: 'Cpanel2',
    options: [],
  });
  const stored = app.billsim.sessions.get('default').world.get('accounts', '1')!;
  t.notOk(JSON.stringify(stored).includes('r00t-Pass'), 'rootpassword is accepted but kept nowhere');
  const addons = (await read(t, app, 'getAccountAddons', { id: '1' })).account_addons as {
    status: string;
  }[];
  t.strictSame(
    addons.map((a) => a.status),
    ['Active'],
    'a status written here moves no addon: no module runs',
  );
  const listed = (await read(t, app, 'getClientAccounts', { id: '1' })).accounts as Record<string, unknown>[];
  t.match(
    listed.find((a) => a.id === '1'),
    { status: 'Suspended', total: '16.00', name: 'Ultimate Hosting', domain: 'studio.morgan-design.com' },
  );
});

t.test('editAccountDetails changes only the fields sent', async (t) => {
  const app = await build(t);
  const before = await accountDetails(t, app, '7');
  assertSuccess(t, await api(app, CALL, { id: '7', domain: 'srv2.laurent-conseil.fr' }), CALL);
  t.strictSame(await accountDetails(t, app, '7'), { ...before, domain: 'srv2.laurent-conseil.fr' });
  assertSuccess(t, await api(app, CALL, { id: '7', username: '', notes: '' }), CALL);
  t.strictSame(
    await accountDetails(t, app, '7'),
    { ...before, domain: 'srv2.laurent-conseil.fr', username: '' },
    'an empty value is a value',
  );
  const store = storeJson(app);
  assertSuccess(t, await api(app, CALL, { id: '7' }), CALL);
  t.equal(storeJson(app), store, 'sending only id changes nothing');
});

t.test('editAccountDetails: the module name follows the product, and a due date of 0000-00-00 is never invoiced', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, CALL, { id: '1', product_id: '8', next_due: '0000-00-00' }), CALL);
  t.match(await accountDetails(t, app, '1'), {
    product_id: '8',
    name: 'VPS 1GB',
    mod: 'SolusVM',
    next_due: '0000-00-00',
    next_invoice: '0000-00-00',
    total: '8.95',
  });
  assertSuccess(t, await api(app, CALL, { id: '1', product_id: '17' }), CALL);
  t.match(await accountDetails(t, app, '1'), { product_id: '17', mod: '' }, 'a product without a module leaves mod empty');
});

t.test('editAccountDetails works the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  const body = await sameEverywhereMutating(t, app, CALL, EVERYTHING);
  t.strictSame(body.info, ['account_updated2']);
});

refusals('editAccountDetails refuses bad values and unknown records, and changes nothing', CALL, [
  [{ ...EVERYTHING, id: '99' }, 'Account 99 not found'],
  [{ id: '1', product_id: '99' }, 'Product 99 not found'],
  [{ id: '1', product_id: '20' }, 'Product 20 is the domain TLD .com, not a product a service can order'],
  [{ id: '1', payment_module: '99' }, 'Gateway 99 not found'],
  [{ id: '1', payment_module: '5' }, 'Gateway 5 (Mollie) is disabled: give an enabled payment gateway as payment_module'],
  [{ id: '1', payment_module: '0' }, 'Parameter payment_module must be a positive whole number id, such as 1'],
  [{ id: '1', status: 'Closed' }, 'Parameter status must be one of: Pending, Active, Suspended, Terminated, Cancelled, Fraud'],
  [{ id: '1', next_due: '2027-02-30' }, 'Parameter next_due must be a date as YYYY-MM-DD'],
  [{ id: '1', next_due: '14/12/2026' }, 'Parameter next_due must be a date as YYYY-MM-DD'],
  [{ id: '1', date_created: '0000-00-00' }, 'Parameter date_created must be a date as YYYY-MM-DD'],
  [{ id: '1', commitment_date: '2027-13-01' }, 'Parameter commitment_date must be a date as YYYY-MM-DD'],
  [
    { id: '1', total: '-1.00' },
    'Parameter total must be a non-negative amount with at most two decimals, up to 999999999999.99, such as 12.30',
  ],
  [
    { id: '1', firstpayment: '1.999' },
    'Parameter firstpayment must be a non-negative amount with at most two decimals, up to 999999999999.99, such as 12.30',
  ],
  [
    { id: '1', total: '12,30' },
    'Parameter total must be a non-negative amount with at most two decimals, up to 999999999999.99, such as 12.30',
  ],
  [{ id: '1', server_id: 'x' }, 'Parameter server_id must be 0 or a positive whole number id'],
  [{ id: '1', domain: 'd'.repeat(256) }, 'Parameter domain must be a text of at most 255 characters'],
  // A late refusal after valid fields: nothing of the valid ones is written.
  [
    { id: '1', domain: 'new.example.com', total: '1.00', payment_module: '5' },
    'Gateway 5 (Mollie) is disabled: give an enabled payment gateway as payment_module',
  ],
]);

refusals('editAccountDetails refuses a missing or malformed id', CALL, [
  [{ domain: 'x.example.com' }, 'Parameter id is required'],
  [{ id: 'abc' }, 'Parameter id must be a positive whole number id, such as 1'],
]);

t.test('editAccountDetails answers the problems of its dates, product and gateway at once, and changes nothing', async (t) => {
  const app = await build(t);
  await refusedAtOnce(t, app, 'editAccountDetails', { id: '99', next_due: '2026-02-30', product_id: '99', payment_module: '99' }, [
    'Account 99 not found',
    'Parameter next_due must be a date as YYYY-MM-DD',
    'Product 99 not found',
    'Gateway 99 not found',
  ]);
  await refusedAtOnce(t, app, 'editAccountDetails', { id: '1', date_created: '2026-13-01', product_id: '20', payment_module: '5' }, [
    'Parameter date_created must be a date as YYYY-MM-DD',
    'Product 20 is the domain TLD .com, not a product a service can order',
    'Gateway 5 (Mollie) is disabled: give an enabled payment gateway as payment_module',
  ]);
});
