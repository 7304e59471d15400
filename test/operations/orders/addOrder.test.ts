import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, assertError, assertSuccess, build, storeJson, SERVER_TIME } from '../../helpers/app.js';
import { ALICE_ON_BUSINESS_HOSTING, ON_BUSINESS_HOSTING } from '../../helpers/records.js';
import { answersInEachSession, sameStateInEachSession } from '../../helpers/sessions.js';
import type { CallOptions, WireParams } from '../../helpers/app.js';
import { refusedAtOnce, refusedEach, refusals } from '../../helpers/refusals.js';
import { accountDetails, domainDetails, emails, read } from '../../helpers/reads.js';
import { loadFixtures } from '../../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../../src/paths.js';

const CALL = 'addOrder';
const NEXT_ORDER = '1022';

/** Alice (client 1, Texas, USD) buys Business Hosting monthly and registers alice-shop.com for two years. */
const ALICE: WireParams = {
  client_id: '1',
  product: '2',
  cycle: 'm',
  domain_name: 'alice-shop.com',
  domain_action: 'register',
  domain_sld: 'alice-shop',
  domain_tld: '.com',
  domain_period: '2',
  invoice_generate: '1',
};
const PLACED = { success: true, order_id: NEXT_ORDER, call: CALL, server_time: SERVER_TIME, info: ['New Order created'] };
const NAMESERVERS = ['ns1.lumenhost.net', 'ns2.lumenhost.net', '', ''];

async function place(t: Test, app: FastifyInstance, params: WireParams, options: CallOptions = {}): Promise<string> {
  const body = await api(app, CALL, params, options);
  assertSuccess(t, body, CALL);
  return body.order_id as string;
}

/** getInvoiceDetails' invoice without the embedded client record (checked by id). */
async function invoiceOf(t: Test, app: FastifyInstance, id: string) {
  const result = await read(t, app, 'getInvoiceDetails', { id });
  const { client, ...invoice } = result.invoice as Record<string, unknown> & { client: { id: string } };
  t.strictSame(result.transactions, [], 'a new invoice has no payments');
  return { invoice, clientId: client.id };
}

function line(id: string, invoiceId: string, type: string, itemId: string, description: string, amount: string) {
  return { id, invoice_id: invoiceId, type, item_id: itemId, description, amount, taxed: '1', qty: '1', linetotal: Number(amount) };
}

t.test('addOrder places a service and a domain: a Pending order, service and domain, and an Unpaid invoice due today', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, ALICE);
  t.strictSame(body, PLACED, 'the published answer: order_id a string, info "New Order created"');
  t.strictSame(Object.keys(body), ['success', 'order_id', 'call', 'server_time', 'info'], 'keys in the published order');

  const details = (await read(t, app, 'getOrderDetails', { id: NEXT_ORDER })).details as Record<string, unknown>;
  t.match(details.number, /^[1-9][0-9]{8}$/, 'a 9-digit order number');
  t.strictSame(details, {
    id: NEXT_ORDER,
    number: '156987283',
    payment_module: '1',
    client_id: '1',
    invoice_id: '13',
    total: '37.73',
    date_created: '2026-11-20 12:00:00',
    status: 'Pending',
    order_ip: '',
    notes: '',
    firstname: 'Alice',
    lastname: 'Morgan',
    module: 'PayPal',
    invtotal: '37.73',
    invstatus: 'Unpaid',
    currency_id: '0',
    fraudmodule: null,
    balance: 'Incomplete',
    hosting: [
      {
        id: '19',
        product_id: '2',
        name: 'Business Hosting',
        domain: 'alice-shop.com',
        billingcycle: 'Monthly',
        firstpayment: '8.95',
        total: '8.95',
        status: 'Pending',
        next_due: '2026-12-20',
      },
    ],
    addons: [],
    upgrades: [],
    fieldupgrades: [],
    domains: [
      {
        id: '11',
        name: 'alice-shop.com',
        type: 'Register',
        firstpayment: '25.90',
        period: '2',
        status: 'Pending Registration',
        reg_module: '1',
        nameservers: [...NAMESERVERS, ''],
        nsips: [''],
      },
    ],
  });

  t.strictSame(await accountDetails(t, app, '19'), {
    id: '19',
    client_id: '1',
    order_id: NEXT_ORDER,
    product_id: '2',
    parent_id: '0',
    date_created: '2026-11-20',
    domain: 'alice-shop.com',
    server_id: '0',
    payment_module: '1',
    firstpayment: '8.95',
    total: '8.95',
    billingcycle: 'Monthly',
    billingtype: 'PrePay',
    next_due: '2026-12-20',
    due_day: '20',
    expires: '2026-12-20',
    autorenew: '1',
    next_invoice: '2026-12-06',
    status: 'Pending',
    label: '',
    username: 'alicesho',
    password: 'h95HAczMODT7',
    ...ON_BUSINESS_HOSTING,
  });
  const accounts = (await read(t, app, 'getClientAccounts', { id: '1' })).accounts as Array<Record<string, unknown>>;
  t.strictSame(accounts[0], {
    id: '19',
    manual: '0',
    domain: 'alice-shop.com',
    billingcycle: 'Monthly',
    status: 'Pending',
    total: '8.95',
    next_due: '2026-12-20',
    ...ALICE_ON_BUSINESS_HOSTING,
  });

  t.strictSame(await domainDetails(t, app, '11'), {
    id: '11',
    client_id: '1',
    order_id: NEXT_ORDER,
    tld_id: '20',
    name: 'alice-shop.com',
    reg_module: '1',
    payment_module: '1',
    date_created: '2026-11-20',
    firstpayment: '25.90',
    recurring_amount: '29.90',
    period: '2',
    expires: '0000-00-00',
    type: 'Register',
    status: 'Pending Registration',
    next_due: '2028-11-20',
    next_invoice: '2028-10-21',
    idprotection: '0',
    nameservers: NAMESERVERS,
    autorenew: '1',
    reglock: '1',
    manual: '0',
    epp_code: '',
    notes: '',
    extended: '',
    synch_date: '0000-00-00 00:00:00',
    nsips: false,
    lastname: 'Morgan',
    firstname: 'Alice',
    custom: false,
  });

  const { invoice, clientId } = await invoiceOf(t, app, '13');
  t.equal(clientId, '1');
  // 8.95 + 25.90 = 34.85; Texas sales tax 8.25% of 34.85 = 2.875 -> 2.88.
  t.strictSame(invoice, {
    id: '13',
    paid_id: '',
    recurring_id: '0',
    status: 'Unpaid',
    client_id: '1',
    date: '2026-11-20',
    duedate: '2026-11-20',
    datepaid: '0000-00-00 00:00:00',
    subtotal: '34.85',
    credit: '0.00',
    tax: '2.88',
    taxrate: '8.25',
    tax2: '0.00',
    taxrate2: '0.00',
    total: '37.73',
    payment_module: '1',
    currency_id: '0',
    rate: '1.0000',
    notes: '',
    items: [
      line('23', '13', 'Hosting', '19', 'Business Hosting - alice-shop.com (20/11/2026 - 19/12/2026)', '8.95'),
      line('24', '13', 'Domain Register', '11', 'Domain Registration: alice-shop.com Period: 2 Year/s', '25.90'),
    ],
    gateway: 'PayPal',
  });
  t.strictSame(await emails(app), [], 'no e-mail without confirm or invoice_info');
});

t.test('addOrder taxes only the lines of taxed products', async (t) => {
  const data = loadFixtures(defaultFixturesDir);
  data.products = data.products.map((p) => (p.id === '17' ? { ...p, tax: '0' } : p));
  const app = await build(t, { data });
  const params = { client_id: '1', product: '17', cycle: 'm', domain_action: 'register', domain_sld: 'alice-shop', domain_tld: '.com' };
  await place(t, app, { ...params, invoice_generate: '1' });
  const { invoice } = await invoiceOf(t, app, '13');
  // Only the 12.95 domain line is taxed: 8.25% of 12.95 = 1.068 -> 1.07.
  t.match(invoice, { subtotal: '18.95', tax: '1.07', taxrate: '8.25', total: '20.02' });
  t.strictSame(
    (invoice.items as Array<{ type: string; taxed: string; amount: string }>).map((i) => [i.type, i.amount, i.taxed]),
    [
      ['Hosting', '6.00', '0'],
      ['Domain Register', '12.95', '1'],
    ],
  );
});

t.test('addOrder without invoice_generate=1 makes no invoice: invoice_id "0"', async (t) => {
  const app = await build(t);
  const invoicesBefore = (await read(t, app, 'getInvoices', {})).sorter;
  const flags: WireParams[] = [{ invoice_generate: '0' }, {}];
  for (const flag of flags) {
    const id = await place(t, app, { client_id: '1', product: '2', cycle: 'm', ...flag });
    const details = (await read(t, app, 'getOrderDetails', { id })).details;
    t.match(details, { invoice_id: '0', total: '9.69', invtotal: null, invstatus: null, balance: 'Completed' }, JSON.stringify(flag));
  }
  t.strictSame((await read(t, app, 'getInvoices', {})).sorter, invoicesBefore, 'no invoice was added');
});

t.test("a client in another currency is billed in it: prices converted at the currency's rate, with setup fee and VAT", async (t) => {
  const app = await build(t);
  // Charlotte (client 3) pays in GBP (rate 0.7890) and has UK VAT at 20%.
  // VPS 1GB monthly 12.00 + setup 10.00 -> 9.47 + 7.89; .com 1 year 12.95 -> 10.22 (renews at 14.95 -> 11.80).
  const params = { client_id: '3', product: '8', cycle: 'm', domain_action: 'register', domain_sld: 'evans-cakes', domain_tld: '20' };
  const id = await place(t, app, { ...params, invoice_generate: '1' });
  const details = (await read(t, app, 'getOrderDetails', { id })).details;
  t.match(details, { currency_id: '2', total: '33.10', invtotal: '33.10', invoice_id: '13' });
  t.strictSame((details as { hosting: unknown[] }).hosting, [
    {
      id: '19',
      product_id: '8',
      name: 'VPS 1GB',
      domain: '',
      billingcycle: 'Monthly',
      firstpayment: '17.36',
      total: '9.47',
      status: 'Pending',
      next_due: '2026-12-20',
    },
  ]);
  t.match(await domainDetails(t, app, '11'), {
    name: 'evans-cakes.com',
    tld_id: '20',
    firstpayment: '10.22',
    recurring_amount: '11.80',
  });
  const { invoice, clientId } = await invoiceOf(t, app, '13');
  t.equal(clientId, '3');
  t.strictSame(invoice, {
    id: '13',
    paid_id: '',
    recurring_id: '0',
    status: 'Unpaid',
    client_id: '3',
    date: '2026-11-20',
    duedate: '2026-11-20',
    datepaid: '0000-00-00 00:00:00',
    subtotal: '27.58',
    credit: '0.00',
    tax: '5.52',
    taxrate: '20.00',
    tax2: '0.00',
    taxrate2: '0.00',
    total: '33.10',
    payment_module: '1',
    currency_id: '2',
    rate: '0.7890',
    notes: '',
    items: [
      line('23', '13', 'Hosting', '19', 'VPS 1GB (20/11/2026 - 19/12/2026)', '9.47'),
      line('24', '13', 'Setup', '19', 'VPS 1GB - setup fee', '7.89'),
      line('25', '13', 'Domain Register', '11', 'Domain Registration: evans-cakes.com Period: 1 Year/s', '10.22'),
    ],
    gateway: 'PayPal',
  });
});

t.test('a name registered at another provider is transferred in, not registered', async (t) => {
  const app = await build(t);
  const params = { client_id: '1', domain_sld: 'example', domain_tld: '.org', invoice_generate: '1' };
  assertError(t, await api(app, CALL, { ...params, domain_action: 'register' }), CALL, [
    'Domain example.org is already registered elsewhere: order it with domain_action=transfer and its EPP code instead',
  ]);
  await place(t, app, { ...params, domain_action: 'transfer', domain_eppcode: 'EX-1' });
  t.match(await domainDetails(t, app, '11'), {
    name: 'example.org',
    type: 'Transfer',
    status: 'Pending Transfer',
  });
});

t.test('a transfer creates a Pending Transfer domain keeping the EPP code; domain_idp=1 turns on ID protection', async (t) => {
  const app = await build(t);
  // Bruno (client 2) pays in EUR (rate 0.9215) and is tax exempt: .net transfer 14.50 -> 13.36, renewal 16.50 -> 15.20.
  const params = { client_id: '2', domain_action: 'Transfer', domain_sld: 'keller-shop', domain_tld: '.net', domain_eppcode: 'EPP-123' };
  const id = await place(t, app, { ...params, domain_idp: '1', invoice_generate: '1' });
  t.match(await domainDetails(t, app, '11'), {
    order_id: id,
    name: 'keller-shop.net',
    type: 'Transfer',
    status: 'Pending Transfer',
    expires: '0000-00-00',
    period: '1',
    firstpayment: '13.36',
    recurring_amount: '15.20',
    epp_code: 'EPP-123',
    idprotection: '1',
  });
  const { invoice } = await invoiceOf(t, app, '13');
  t.match(invoice, { subtotal: '13.36', tax: '0.00', taxrate: '0.00', total: '13.36', currency_id: '1', rate: '0.9215' });
  t.strictSame(invoice.items, [line('23', '13', 'Domain Transfer', '11', 'Domain Transfer: keller-shop.net Period: 1 Year/s', '13.36')]);
});

t.test('domain_tld names the TLD as ".com", "com", ".COM" or by its product id', async (t) => {
  const app = await build(t);
  const cases: Array<[string, string]> = [
    ['.com', 'shop-a'],
    ['com', 'shop-b'],
    ['.COM', 'shop-c'],
    ['20', 'shop-d'],
    ['.io', 'shop-e'],
    ['23', 'shop-f'],
  ];
  for (const [tld, sld] of cases) {
    const id = await place(t, app, { client_id: '1', domain_action: 'register', domain_sld: sld, domain_tld: tld });
    const [domain] = ((await read(t, app, 'getOrderDetails', { id })).details as { domains: Array<{ name: string; firstpayment: string }> })
      .domains;
    const io = tld.includes('io') || tld === '23';
    t.strictSame([domain.name, domain.firstpayment], [`${sld}${io ? '.io' : '.com'}`, io ? '49.00' : '12.95'], tld);
  }
  const id = await place(t, app, { client_id: '1', domain_action: 'REGISTER', domain_sld: 'Alice-Upper', domain_tld: '.com' });
  t.equal(
    ((await read(t, app, 'getOrderDetails', { id })).details as { domains: Array<{ name: string }> }).domains[0].name,
    'alice-upper.com',
    'stored lower-case',
  );
});

t.test('a name whose registration has ended can be ordered again', async (t) => {
  const app = await build(t);
  // nilsson-outdoor.com (domain 7) is Expired: it no longer holds the name.
  const id = await place(t, app, { client_id: '1', domain_action: 'register', domain_sld: 'nilsson-outdoor', domain_tld: '.com' });
  t.match((await read(t, app, 'getOrderDetails', { id })).details, { domains: [{ id: '11', name: 'nilsson-outdoor.com' }] });
});

t.test('module picks the gateway of the order, its service, domain and invoice; without it the first enabled one', async (t) => {
  const app = await build(t);
  const params = { client_id: '7', product: '16', cycle: 'Once', invoice_generate: '1', module: '3' };
  const id = await place(t, app, params);
  const details = (await read(t, app, 'getOrderDetails', { id })).details;
  t.match(details, {
    payment_module: '3',
    module: 'Bank Transfer',
    hosting: [{ id: '19', billingcycle: 'One Time', next_due: '0000-00-00' }],
  });
  t.match(await accountDetails(t, app, '19'), { payment_module: '3' });
  const { invoice } = await invoiceOf(t, app, '13');
  // A one-time product bills one line without a period; Ontario adds PST (7%) as the second tax level to GST (5%).
  t.match(invoice, {
    payment_module: '3',
    gateway: 'Bank Transfer',
    subtotal: '49.00',
    tax: '2.45',
    taxrate: '5.00',
    tax2: '3.43',
    taxrate2: '7.00',
    total: '54.88',
  });
  t.strictSame(invoice.items, [line('23', '13', 'Hosting', '19', 'Website Migration', '49.00')]);

  const other = await place(t, app, { client_id: '7', product: '17', cycle: 'm' });
  t.match(
    (await read(t, app, 'getOrderDetails', { id: other })).details,
    { payment_module: '1', module: 'PayPal' },
    'no module: the first enabled',
  );
});

t.test('a free product makes no invoice even when one is asked for', async (t) => {
  const app = await build(t);
  const id = await place(t, app, { client_id: '1', product: '13', cycle: 'Free', invoice_generate: '1', invoice_info: '1' });
  const details = (await read(t, app, 'getOrderDetails', { id })).details;
  t.match(details, {
    invoice_id: '0',
    total: '0.00',
    invtotal: null,
    balance: 'Completed',
    hosting: [{ billingcycle: 'Free', total: '0.00' }],
  });
  t.strictSame(await emails(app), [], 'no invoice, so no invoice e-mail');
});

t.test('confirm=1 records the order confirmation and invoice_info=1 the invoice e-mail', async (t) => {
  const app = await build(t);
  await place(t, app, { ...ALICE, confirm: '1', invoice_info: '1' });
  t.strictSame(await emails(app), [
    {
      id: '2',
      date: '2026-11-20 12:00:00',
      to: 'alice@morgan-design.com',
      subject: 'Customer Invoice #13',
      template: 'Invoice Created',
      client_id: '1',
      related: { invoice_id: '13', order_id: NEXT_ORDER },
    },
    {
      id: '1',
      date: '2026-11-20 12:00:00',
      to: 'alice@morgan-design.com',
      subject: 'Order Confirmation #156987283',
      template: 'Order Confirmation',
      client_id: '1',
      related: { order_id: NEXT_ORDER },
    },
  ]);

  await place(t, app, { ...ALICE, confirm: '1' }, { session: 'confirm-only' });
  t.strictSame(
    (await emails(app, 'confirm-only')).map((e) => (e as { template: string }).template),
    ['Order Confirmation'],
  );
  await place(t, app, { ...ALICE, invoice_generate: '0', invoice_info: '1' }, { session: 'no-invoice' });
  t.strictSame(await emails(app, 'no-invoice'), [], 'invoice_info without an invoice sends nothing');
});

t.test('addOrder answers and stores the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  await answersInEachSession(t, app, CALL, { ...ALICE, confirm: '1' }, PLACED);
  t.not(sameStateInEachSession(t, app), storeJson(app), 'the default session is untouched');
});

t.test('addOrder refusals name the problem and change nothing', async (t) => {
  const app = await build(t);
  const service = { product: '2', cycle: 'm', confirm: '1', invoice_generate: '1', invoice_info: '1' };
  const domain = { domain_action: 'register', domain_sld: 'fresh-name', domain_tld: '.com' };
  const cases: Array<[string, WireParams, string]> = [
    ['unknown client', { client_id: '99', ...service }, 'Client 99 not found'],
    ['a contact', { client_id: '10', ...service }, 'Client 10 is a contact of client 1: orders are placed for the main client 1'],
    ['an Inactive client', { client_id: '8', ...service }, 'Client 8 is Inactive: only an Active client can place an order'],
    ['a Lead', { client_id: '9', ...service }, 'Client 9 is Lead: only an Active client can place an order'],
    ['unknown product', { client_id: '1', ...service, product: '99' }, 'Product 99 not found'],
    [
      'a TLD as product',
      { client_id: '1', ...service, product: '20' },
      'Product 20 is the domain TLD .com, not a product a service can order',
    ],
    [
      'cycle not offered',
      { client_id: '1', ...service, product: '3', cycle: 'q' },
      'Product 3 is not priced on cycle q; it offers: m, a, b',
    ],
    ['a Once product monthly', { client_id: '1', ...service, product: '16' }, 'Product 16 is not priced on cycle m; it offers: Once'],
    ['product without cycle', { client_id: '1', product: '2' }, 'Parameter cycle is required'],
    [
      'disabled gateway',
      { client_id: '1', ...service, module: '5' },
      'Gateway 5 (Mollie) is disabled: give an enabled payment gateway as module',
    ],
    ['unknown gateway', { client_id: '1', ...service, module: '99' }, 'Gateway 99 not found'],
    [
      'unknown TLD',
      { client_id: '1', ...domain, domain_tld: '.xyz' },
      'TLD .xyz is not sold here: give one of .com, .net, .org, .io, .eu or its product id',
    ],
    [
      'a product id that is no TLD',
      { client_id: '1', ...domain, domain_tld: '2' },
      'TLD 2 is not sold here: give one of .com, .net, .org, .io, .eu or its product id',
    ],
    ...['bad_name', '-dash', 'dash-', 'a.b', 'shop.com'].map((sld): [string, WireParams, string] => [
      `bad sld ${sld}`,
      { client_id: '1', ...domain, domain_sld: sld },
      'Parameter domain_sld must be a domain label of 1-63 letters, digits and inner hyphens, such as example',
    ]),
    [
      'period not priced',
      { client_id: '1', ...domain, domain_tld: '.io', domain_period: '4' },
      'TLD .io is not priced for a 4-year Register; it offers: 1, 2, 3',
    ],
    [
      'transfer period not priced',
      { client_id: '1', ...domain, domain_action: 'transfer', domain_tld: '.eu', domain_period: '5' },
      'TLD .eu is not priced for a 5-year Transfer; it offers: 1, 2, 3',
    ],
    [
      'a name already held, any case',
      { client_id: '1', ...domain, domain_sld: 'Morgan-Design' },
      'Domain morgan-design.com is already held here (domain 1, Active)',
    ],
    [
      'a name pending transfer',
      { client_id: '1', ...domain, domain_sld: 'kowalski-foto', domain_tld: '.net' },
      'Domain kowalski-foto.net is already held here (domain 5, Pending Transfer)',
    ],
    [
      'domain held, with a valid service',
      { client_id: '1', ...service, ...domain, domain_sld: 'graceliu', domain_tld: '.io' },
      'Domain graceliu.io is already held here (domain 8, Pending Registration)',
    ],
    [
      'registering a name held at another provider',
      { client_id: '1', ...domain, domain_sld: 'Google', domain_tld: '.com' },
      'Domain google.com is already registered elsewhere: order it with domain_action=transfer and its EPP code instead',
    ],
    [
      'nothing to order',
      { client_id: '1', confirm: '1' },
      'Nothing to order: give product and cycle, or domain_action, domain_sld and domain_tld',
    ],
    [
      'a cycle alone',
      { client_id: '1', cycle: 'm' },
      'Nothing to order: give product and cycle, or domain_action, domain_sld and domain_tld',
    ],
    [
      'epp code on a register',
      { client_id: '1', ...domain, domain_eppcode: 'X-1' },
      'Parameter domain_eppcode applies to a Transfer only: give domain_action=Transfer or leave domain_eppcode out',
    ],
    ['domain without action', { client_id: '1', domain_sld: 'abc', domain_tld: '.com' }, 'Parameter domain_action is required'],
    ['domain without sld', { client_id: '1', domain_action: 'register', domain_tld: '.com' }, 'Parameter domain_sld is required'],
    ['domain without tld', { client_id: '1', domain_action: 'register', domain_sld: 'abc' }, 'Parameter domain_tld is required'],
  ];
  await refusedEach(t, app, CALL, cases, 'no order, service, domain, invoice or e-mail was written');
  t.strictSame(await emails(app), []);
});

t.test('addOrder answers the problems of the client, the product and the domain at once, in parameter order', async (t) => {
  const app = await build(t);
  await refusedAtOnce(
    t,
    app,
    CALL,
    { client_id: '99', product: '99', cycle: 'm', domain_action: 'register', domain_sld: 'fresh-name', domain_tld: '.xyz' },
    ['Client 99 not found', 'Product 99 not found', 'TLD .xyz is not sold here: give one of .com, .net, .org, .io, .eu or its product id'],
  );
  await refusedAtOnce(t, app, CALL, { client_id: '99', product: '2', domain_sld: 'fresh-name' }, [
    'Client 99 not found',
    'Parameter cycle is required',
    'Parameter domain_action is required',
    'Parameter domain_tld is required',
  ]);
});

refusals('addOrder parameter errors', CALL, [
  [{ product: '2', cycle: 'm' }, 'Parameter client_id is required'],
  [{ client_id: 'abc', product: '2', cycle: 'm' }, 'Parameter client_id must be a positive whole number id, such as 1'],
  [{ client_id: '1', product: '2', cycle: 'monthly' }, 'Parameter cycle must be one of: h, d, w, m, q, s, a, b, t, p4, p5, Once, Free'],
  [{ client_id: '1', product: '2', cycle: 'm', confirm: 'maybe' }, 'Parameter confirm must be one of: 0, 1'],
  [
    { client_id: '1', domain_action: 'register', domain_sld: 'x'.repeat(64), domain_tld: '.com' },
    'Parameter domain_sld must be a domain label such as example',
  ],
  [
    { client_id: '1', domain_action: 'renew', domain_sld: 'abc', domain_tld: '.com' },
    'Parameter domain_action must be register or transfer',
  ],
  [
    { client_id: '1', domain_action: 'register', domain_sld: 'abc', domain_tld: '.com', domain_period: '0' },
    'Parameter domain_period must be a number of years from 1 to 99',
  ],
]);
