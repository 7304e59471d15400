import t from 'tap';
import { ENCODINGS, FROZEN_NOW, api, assertError, assertSuccess, build, storeJson, SERVER_TIME } from '../../helpers/app.js';
import { answersInEachSession, sameStateInEachSession, sessionOf } from '../../helpers/sessions.js';
import { refusals } from '../../helpers/refusals.js';
import { accountDetails, domainDetails, invoiceDetails, read } from '../../helpers/reads.js';
import { newOrder } from '../../../src/domain/orders.js';

const CALL = 'setOrderActive';

const activated = (id: string) => ({ success: true, id, call: CALL, server_time: SERVER_TIME, info: [`Order #${id} activated`] });

t.test('setOrderActive accepts a Pending order: its service becomes Active and its domain is registered', async (t) => {
  const app = await build(t);
  // Order 1018: Grace's Pending Cloud Flex service (account 10) and graceliu.io (domain 8, Pending Registration), invoice 8 Unpaid.
  const body = await api(app, CALL, { id: '1018' });
  t.strictSame(body, activated('1018'), 'echoes id as a string, as published');
  t.strictSame(Object.keys(body), ['success', 'id', 'call', 'server_time', 'info']);

  t.match((await read(t, app, 'getOrderDetails', { id: '1018' })).details, {
    status: 'Active',
    invstatus: 'Unpaid',
    hosting: [{ id: '10', status: 'Active' }],
    domains: [{ id: '8', status: 'Active' }],
  });
  t.match(await accountDetails(t, app, '10'), { status: 'Active', next_due: '2026-11-25', order_id: '1018' });
  t.strictSame(await domainDetails(t, app, '8'), {
    id: '8',
    client_id: '7',
    order_id: '1018',
    tld_id: '23',
    name: 'graceliu.io',
    reg_module: '2',
    payment_module: '2',
    date_created: '2026-11-18',
    firstpayment: '49.00',
    recurring_amount: '54.00',
    period: '1',
    expires: '2027-11-20',
    type: 'Register',
    status: 'Active',
    next_due: '2027-11-20',
    next_invoice: '2027-10-21',
    idprotection: '0',
    nameservers: ['ns1.lumenhost.net', 'ns2.lumenhost.net', '', ''],
    autorenew: '1',
    reglock: '1',
    manual: '0',
    epp_code: '',
    notes: '',
    extended: '',
    synch_date: '2026-11-20 12:00:00',
    nsips: false,
    lastname: 'Liu',
    firstname: 'Grace',
    custom: false,
  });
  t.match(await invoiceDetails(t, app, '8'), { status: 'Unpaid' }, 'activating is not paying');
  t.strictSame((await read(t, app, 'getOrders', { list: 'pending' })).orders, []);
});

t.test('a registration expires, and is next due, today plus its period in years', async (t) => {
  const app = await build(t);
  const placed = await api(app, 'addOrder', {
    client_id: '1',
    domain_action: 'register',
    domain_sld: 'alice-shop',
    domain_tld: '.io',
    domain_period: '3',
  });
  assertSuccess(t, placed, 'addOrder');
  assertSuccess(t, await api(app, CALL, { id: placed.order_id as string }), CALL);
  t.match(await domainDetails(t, app, '11'), {
    status: 'Active',
    date_created: '2026-11-20',
    expires: '2029-11-20',
    next_due: '2029-11-20',
    next_invoice: '2029-10-21',
  });
});

t.test("setOrderActive activates the Pending addons of the order's services; a Pending Transfer waits for the registry", async (t) => {
  const app = await build(t);
  const placed = await api(app, 'addOrder', {
    client_id: '1',
    product: '2',
    cycle: 'm',
    domain_action: 'transfer',
    domain_sld: 'alice-moved',
    domain_tld: '.org',
    domain_eppcode: 'AUTH-1',
  });
  assertSuccess(t, placed, 'addOrder');
  assertSuccess(t, await api(app, 'addAddonToAccount', { account_id: '19', addon_id: '7' }), 'addAddonToAccount');
  t.match((await read(t, app, 'getOrderDetails', { id: '1022' })).details, { addons: [{ id: '5', addon_id: '7', status: 'Pending' }] });

  t.strictSame(await api(app, CALL, { id: '1022' }), activated('1022'));
  t.match((await read(t, app, 'getAccountAddons', { id: '19' })).account_addons, [
    { id: '5', name: 'Website Builder Pro', status: 'Active' },
  ]);
  t.match(await accountDetails(t, app, '19'), { status: 'Active' });
  t.match(await domainDetails(t, app, '11'), { status: 'Pending Transfer', expires: '0000-00-00' });
});

t.test("setOrderActive applies an upgrade order's Pending upgrades", async (t) => {
  const app = await build(t);
  const { world } = app.billsim.sessions.get('default');
  // No call places an upgrade order yet, so the test stores one the way the order calls make orders.
  const upgrade = {
    account_id: '1',
    old_product_id: '2',
    new_product_id: '3',
    old_cycle: 'Monthly' as const,
    new_cycle: 'Annually' as const,
    amount: '150.00',
    status: 'Pending' as const,
  };
  await world.mutate(() => {
    const order = newOrder(world, {
      clientId: '1',
      currencyId: '0',
      paymentModule: '2',
      total: '150.00',
      upgrades: [upgrade],
      now: FROZEN_NOW,
    });
    world.insert('orders', order);
  });
  t.strictSame(await api(app, CALL, { id: '1022' }), activated('1022'));
  t.match(await accountDetails(t, app, '1'), {
    product_id: '3',
    name: 'Ultimate Hosting',
    billingcycle: 'Annually',
  });
  const { upgrades } = (await read(t, app, 'getOrderDetails', { id: '1022' })).details as { upgrades: unknown[] };
  t.strictSame(upgrades, [{ ...upgrade, status: 'Upgraded' }]);
});

t.test('setOrderActive refuses an order that is not Pending, naming its status, and changes nothing', async (t) => {
  const app = await build(t);
  const cases: Array<[string, string]> = [
    ['1007', 'Order #1007 is Active: only an order that is Pending can be marked Active'],
    ['1017', 'Order #1017 is Fraud: only an order that is Pending can be marked Active'],
    ['1015', 'Order #1015 is Cancelled: only an order that is Pending can be marked Active'],
    ['99', 'Order 99 not found'],
  ];
  const before = storeJson(app);
  for (const [id, message] of cases) assertError(t, await api(app, CALL, { id }), CALL, [message]);
  t.equal(storeJson(app), before, "1007's Pending addon and Pending Transfer stay as they were");

  assertSuccess(t, await api(app, CALL, { id: '1018' }), CALL);
  const activatedOnce = storeJson(app);
  assertError(t, await api(app, CALL, { id: '1018' }), CALL, ['Order #1018 is Active: only an order that is Pending can be marked Active']);
  t.equal(storeJson(app), activatedOnce, 'a second activation changes nothing');
});

refusals('setOrderActive parameter errors', CALL, [
  [{}, 'Parameter id is required'],
  [{ id: '0' }, 'Parameter id must be a positive whole number id, such as 1'],
]);

t.test('setOrderActive answers and stores the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  await answersInEachSession(t, app, CALL, { id: '1018' }, activated('1018'));
  sameStateInEachSession(t, app);
  for (const via of ENCODINGS)
    t.match((await read(t, app, 'getAccountDetails', { id: '10' }, sessionOf(via))).details, { status: 'Active' }, via);
});
