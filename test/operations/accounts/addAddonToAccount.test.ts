import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { ENCODINGS, api, assertError, assertSuccess, build, storeJson, type CallOptions, type WireParams } from '../../helpers/app.js';
import { read } from '../../helpers/reads.js';
import { nextDueDate } from '../../../src/domain/cycles.js';

const ADDED = { newaddon: true, info: ['Addon added'] };
const MODULE_METHODS = { Suspend: 'Suspend', Terminate: 'Terminate' };
const UNPAID = {
  paid_id: '',
  recurring_id: '0',
  status: 'Unpaid',
  datepaid: '0000-00-00 00:00:00',
  credit: '0.00',
  tax: '0.00',
  taxrate: '0.00',
  tax2: '0.00',
  taxrate2: '0.00',
  notes: '',
};

async function add(t: Test, app: FastifyInstance, params: WireParams, options: CallOptions = {}): Promise<void> {
  const result = assertSuccess(t, await api(app, 'addAddonToAccount', params, options), 'addAddonToAccount');
  t.strictSame(result, ADDED, 'answers newaddon true and the info line');
}

async function addons(t: Test, app: FastifyInstance, accountId: string, options: CallOptions = {}) {
  const result = assertSuccess(t, await api(app, 'getAccountAddons', { id: accountId }, options), 'getAccountAddons');
  return result.account_addons as Record<string, unknown>[];
}

async function invoiceIds(t: Test, app: FastifyInstance, options: CallOptions = {}): Promise<string[]> {
  const result = assertSuccess(t, await api(app, 'getInvoices', {}, options), 'getInvoices');
  return (result.invoices as { id: string }[]).map((i) => i.id);
}

/** The invoice as getInvoiceDetails shows it, without the embedded client (checked by its id). */
async function invoice(t: Test, app: FastifyInstance, id: string, options: CallOptions = {}): Promise<Record<string, unknown>> {
  const result = assertSuccess(t, await api(app, 'getInvoiceDetails', { id }, options), 'getInvoiceDetails');
  const { client, ...rest } = result.invoice as Record<string, unknown> & { client: { id: string } };
  return { ...rest, client_id_embedded: client.id };
}

t.test("addAddonToAccount attaches the addon on the account's cycle and invoices it", async (t) => {
  const app = await build(t);
  const body = await api(app, 'addAddonToAccount', { account_id: '1', addon_id: '1', invoice: 'true' });
  t.strictSame(body, { success: true, newaddon: true, call: 'addAddonToAccount', server_time: body.server_time, info: ['Addon added'] });
  t.strictSame(Object.keys(body), ['success', 'newaddon', 'call', 'server_time', 'info'], "the real answer's key order");
  assertSuccess(t, body, 'addAddonToAccount');
  t.strictSame(
    (await addons(t, app, '1')).map((a) => a.id),
    ['1', '5'],
    'the new addon follows the existing one',
  );
  t.strictSame((await addons(t, app, '1'))[1], {
    id: '5',
    name: 'Dedicated IP Address',
    billingcycle: 'Monthly',
    recurring_amount: '3.00',
    addon_id: '1',
    setup_fee: '0.00',
    status: 'Pending',
    next_due: '2026-12-20',
    extra_details: [],
    module: 'class.dedicatedip.php',
    parentmod: 'class.dedicatedip.php',
    methods: MODULE_METHODS,
  });
  const stored = app.billsim.sessions.get('default').world.get('account_addons', '5');
  t.strictSame(
    stored,
    {
      id: '5',
      account_id: '1',
      addon_id: '1',
      name: 'Dedicated IP Address',
      billingcycle: 'Monthly',
      recurring_amount: '3.00',
      setup_fee: '0.00',
      status: 'Pending',
      next_due: '2026-12-20',
      date_created: '2026-11-20',
      payment_module: '2',
    },
    "stored with today's date and the account's gateway",
  );

  t.strictSame((await invoiceIds(t, app))[0], '13', 'getInvoices lists the new invoice first');
  const listed = await read(t, app, 'getInvoices', { client_id: '1', list: 'unpaid' });
  t.strictSame(listed.invoices, [
    {
      id: '13',
      paid_id: '',
      date: '2026-11-20',
      duedate: '2026-11-20',
      datepaid: '0000-00-00 00:00:00',
      total: '3.00',
      credit: '0.00',
      status: 'Unpaid',
      client_id: '1',
      firstname: 'Alice',
      lastname: 'Morgan',
      companyname: 'Morgan Design Studio LLC',
      currency_id: '0',
      payment_module: '2',
      gateway: 'Stripe',
    },
  ]);
  t.strictSame(await invoice(t, app, '13'), {
    id: '13',
    ...UNPAID,
    client_id: '1',
    date: '2026-11-20',
    duedate: '2026-11-20',
    subtotal: '3.00',
    total: '3.00',
    payment_module: '2',
    currency_id: '0',
    rate: '1.0000',
    items: [
      {
        id: '23',
        invoice_id: '13',
        type: 'Addon',
        item_id: '5',
        description: 'Dedicated IP Address (20/11/2026 - 19/12/2026)',
        amount: '3.00',
        taxed: '0',
        qty: '1',
        linetotal: 3,
      },
    ],
    gateway: 'Stripe',
    client_id_embedded: '1',
  });
});

t.test("addAddonToAccount falls back to the addon's first priced cycle when the account's is not offered", async (t) => {
  const app = await build(t);
  // Account 8 bills Biennially; Extra Backup Space is priced monthly and annually only.
  await add(t, app, { account_id: '8', addon_id: '2' });
  t.strictSame(
    (await addons(t, app, '8')).map((a) => [a.billingcycle, a.recurring_amount, a.next_due]),
    [['Monthly', '5.00', '2026-12-20']],
  );
});

t.test('addAddonToAccount takes an offered cycle and refuses one the addon does not offer', async (t) => {
  const app = await build(t);
  await add(t, app, { account_id: '1', addon_id: '1', cycle: 'a' });
  t.strictSame((await addons(t, app, '1'))[1].billingcycle, 'Annually');
  t.strictSame((await addons(t, app, '1'))[1].recurring_amount, '36.00');
  t.strictSame((await addons(t, app, '1'))[1].next_due, '2027-11-20');
  assertError(t, await api(app, 'addAddonToAccount', { account_id: '8', addon_id: '1', cycle: 's' }), 'addAddonToAccount', [
    'Addon 1 is not offered on cycle s; it offers: m, q, a',
  ]);
  assertError(t, await api(app, 'addAddonToAccount', { account_id: '3', addon_id: '5', cycle: 'm' }), 'addAddonToAccount', [
    'Addon 5 is not offered on cycle m; it offers: Once',
  ]);
  assertError(t, await api(app, 'addAddonToAccount', { account_id: '3', addon_id: '6', cycle: 'Once' }), 'addAddonToAccount', [
    'Addon 6 is not offered on cycle Once; it offers: Free',
  ]);
});

t.test("addAddonToAccount converts prices into the account's currency and invoices the setup fee", async (t) => {
  const app = await build(t);
  // Account 7 bills Quarterly in EUR (rate 0.9215): DDoS Protection costs 28.50 + 25.00 setup in USD.
  await add(t, app, { account_id: '7', addon_id: '4', invoice: '1' });
  const [attached] = await addons(t, app, '7');
  t.strictSame(
    [attached.billingcycle, attached.recurring_amount, attached.setup_fee, attached.next_due],
    ['Quarterly', '26.26', '23.04', '2027-02-20'],
    '28.50 x 0.9215 = 26.26275 and 25.00 x 0.9215 = 23.0375, to the cent',
  );
  t.strictSame(await invoice(t, app, '13'), {
    id: '13',
    ...UNPAID,
    client_id: '5',
    date: '2026-11-20',
    duedate: '2026-11-20',
    subtotal: '49.30',
    total: '49.30',
    payment_module: '4',
    currency_id: '1',
    rate: '0.9215',
    items: [
      {
        id: '23',
        invoice_id: '13',
        type: 'Addon',
        item_id: '5',
        description: 'DDoS Protection (20/11/2026 - 19/02/2027)',
        amount: '26.26',
        taxed: '0',
        qty: '1',
        linetotal: 26.26,
      },
      {
        id: '24',
        invoice_id: '13',
        type: 'Setup',
        item_id: '5',
        description: 'DDoS Protection - setup fee',
        amount: '23.04',
        taxed: '0',
        qty: '1',
        linetotal: 23.04,
      },
    ],
    gateway: 'Authorize.net CC',
    client_id_embedded: '5',
  });
});

t.test('addAddonToAccount: a one-time addon is charged once; a free one creates no invoice', async (t) => {
  const app = await build(t);
  await add(t, app, { account_id: '3', addon_id: '5', invoice: 'true' });
  await add(t, app, { account_id: '3', addon_id: '6', invoice: 'true' });
  t.strictSame(
    (await addons(t, app, '3')).map((a) => [a.name, a.billingcycle, a.recurring_amount, a.setup_fee, a.next_due]),
    [
      ['SSL Installation', 'One Time', '23.04', '0.00', '0000-00-00'],
      ['Spam Filter Basic', 'Free', '0.00', '0.00', '0000-00-00'],
    ],
  );
  t.strictSame((await invoiceIds(t, app)).slice(0, 2), ['13', '12'], 'one invoice: the free addon charges nothing');
  const once = await invoice(t, app, '13');
  t.strictSame([once.client_id, once.total, once.currency_id, once.rate, once.payment_module], ['2', '23.04', '1', '0.9215', '3']);
  t.strictSame(once.items, [
    {
      id: '23',
      invoice_id: '13',
      type: 'Addon',
      item_id: '5',
      description: 'SSL Installation (One Time)',
      amount: '23.04',
      taxed: '0',
      qty: '1',
      linetotal: 23.04,
    },
  ]);
});

t.test('addAddonToAccount invoices only when asked', async (t) => {
  const app = await build(t);
  await add(t, app, { account_id: '1', addon_id: '2' });
  await add(t, app, { account_id: '1', addon_id: '2', invoice: 'false' });
  await add(t, app, { account_id: '1', addon_id: '2', invoice: '0' });
  t.equal((await invoiceIds(t, app)).length, 12, 'no invoice without invoice=true or 1');
  t.strictSame(
    (await addons(t, app, '1')).map((a) => a.addon_id),
    ['2', '2', '2', '2'],
    'a non-unique addon can be attached again',
  );
});

t.test('addAddonToAccount refuses a unique addon the account already has', async (t) => {
  const app = await build(t);
  assertError(t, await api(app, 'addAddonToAccount', { account_id: '6', addon_id: '1' }), 'addAddonToAccount', [
    'Addon 1 is unique and account 6 already has it (account addon 4)',
  ]);
  // Also one attached a moment ago.
  await add(t, app, { account_id: '1', addon_id: '1' });
  assertError(t, await api(app, 'addAddonToAccount', { account_id: '1', addon_id: '1', cycle: 'a' }), 'addAddonToAccount', [
    'Addon 1 is unique and account 1 already has it (account addon 5)',
  ]);
  await add(t, app, { account_id: '2', addon_id: '1' });
  t.pass('another account may have its own copy');
});

t.test('addAddonToAccount: a terminated copy of a unique addon does not block a new one', async (t) => {
  const app = await build(t);
  // Terminate account 6's Dedicated IP in-process: no API call here changes an attached addon's status.
  const { world } = app.billsim.sessions.get('ended');
  world.transaction(() => world.replace('account_addons', { ...world.get('account_addons', '4')!, status: 'Terminated' }));
  await add(t, app, { account_id: '6', addon_id: '1' }, { session: 'ended' });
  t.strictSame(
    (await addons(t, app, '6', { session: 'ended' })).map((a) => [a.id, a.status]),
    [
      ['4', 'Terminated'],
      ['5', 'Pending'],
    ],
  );
});

t.test("addAddonToAccount refuses an addon not available for the account's product", async (t) => {
  const app = await build(t);
  assertError(t, await api(app, 'addAddonToAccount', { account_id: '1', addon_id: '3' }), 'addAddonToAccount', [
    'Addon 3 is not available for product 2 of account 1: it applies to products 8, 9, 10, 11',
  ]);
  await add(t, app, { account_id: '2', addon_id: '2' });
  t.pass('an addon for every product ("") fits any account');
});

t.test('addAddonToAccount uses a given gateway and refuses an unknown or disabled one', async (t) => {
  const app = await build(t);
  await add(t, app, { account_id: '1', addon_id: '1', invoice: 'true', payment_module: '3' });
  const created = await invoice(t, app, '13');
  t.strictSame([created.payment_module, created.gateway], ['3', 'Bank Transfer']);
  t.equal((await addons(t, app, '1'))[1].id, '5');
  t.equal(
    app.billsim.sessions.get('default').world.get('account_addons', '5')?.payment_module,
    '3',
    'the attached addon bills through the given gateway too',
  );
  assertError(t, await api(app, 'addAddonToAccount', { account_id: '8', addon_id: '2', payment_module: '99' }), 'addAddonToAccount', [
    'Gateway 99 not found',
  ]);
  assertError(t, await api(app, 'addAddonToAccount', { account_id: '8', addon_id: '2', payment_module: '5' }), 'addAddonToAccount', [
    'Gateway 5 (Mollie) is disabled: give an enabled payment gateway as payment_module',
  ]);
});

t.test('addAddonToAccount: a request that fails late leaves the store unchanged', async (t) => {
  const app = await build(t);
  await add(t, app, { account_id: '1', addon_id: '2', invoice: 'true' });
  const before = storeJson(app);
  // Account, addon, product, uniqueness and cycle all pass; the disabled gateway is found last.
  assertError(
    t,
    await api(app, 'addAddonToAccount', { account_id: '7', addon_id: '4', invoice: 'true', payment_module: '5' }),
    'addAddonToAccount',
    ['Gateway 5 (Mollie) is disabled: give an enabled payment gateway as payment_module'],
  );
  t.equal(storeJson(app), before);
  assertError(
    t,
    await api(app, 'addAddonToAccount', { account_id: '7', addon_id: '4', invoice: 'true', payment_module: '77' }),
    'addAddonToAccount',
    ['Gateway 77 not found'],
  );
  t.equal(storeJson(app), before);
});

t.test('addAddonToAccount dates everything by the session clock', async (t) => {
  // A plain clock: the billing automation would bill renewals on the way to 2027, taking invoice 13.
  const app = await build(t, { automation: false });
  const headers = { 'x-billsim-session': 'late' };
  const clock = await app.inject({ method: 'POST', url: '/__billsim/clock', headers, payload: { now: '2027-01-31 09:30:00' } });
  t.equal(clock.statusCode, 200);
  await add(t, app, { account_id: '1', addon_id: '1', invoice: 'true' }, { session: 'late' });
  const attached = (await addons(t, app, '1', { session: 'late' }))[1];
  t.equal(attached.next_due, '2027-02-28', 'one month after January 31st is the last day of February');
  const created = await invoice(t, app, '13', { session: 'late' });
  t.strictSame([created.date, created.duedate], ['2027-01-31', '2027-01-31']);
  t.equal((created.items as { description: string }[])[0].description, 'Dedicated IP Address (31/01/2027 - 27/02/2027)');
  t.equal(app.billsim.sessions.get('late').world.get('account_addons', '5')?.date_created, '2027-01-31');
  t.strictSame(await addons(t, app, '1'), await addons(t, app, '1', { session: 'other' }), 'the default session is untouched');
});

t.test('next due dates per cycle', async (t) => {
  const now = new Date('2026-11-20T12:00:00Z');
  const due = (['h', 'd', 'w', 'm', 'q', 's', 'a', 'b', 't', 'p4', 'p5', 'Once', 'Free'] as const).map((c) => nextDueDate(c, now));
  t.strictSame(due, [
    '2026-11-20',
    '2026-11-21',
    '2026-11-27',
    '2026-12-20',
    '2027-02-20',
    '2027-05-20',
    '2027-11-20',
    '2028-11-20',
    '2029-11-20',
    '2030-11-20',
    '2031-11-20',
    '0000-00-00',
    '0000-00-00',
  ]);
  t.equal(nextDueDate('h', new Date('2026-11-20T23:30:00Z')), '2026-11-21', 'an hour later can be tomorrow');
});

t.test('addAddonToAccount works the same through GET, urlencoded and multipart', async (t) => {
  const app = await build(t);
  const params = { account_id: '7', addon_id: '4', invoice: 'true' };
  const bodies = [];
  for (const via of ENCODINGS) bodies.push(await api(app, 'addAddonToAccount', params, { via, session: via }));
  for (const body of bodies) t.strictSame(body, bodies[0]);
  assertSuccess(t, bodies[0], 'addAddonToAccount');
  for (const via of ENCODINGS) {
    t.strictSame(
      (await addons(t, app, '7', { session: via })).map((a) => a.recurring_amount),
      ['26.26'],
      `${via}: attached`,
    );
    t.equal((await invoice(t, app, '13', { session: via })).total, '49.30', `${via}: invoiced`);
  }
});

t.test('addAddonToAccount refuses missing, malformed and unknown parameters', async (t) => {
  const app = await build(t);
  const before = storeJson(app);
  const cases: Array<[WireParams, string]> = [
    [{ addon_id: '1' }, 'Parameter account_id is required'],
    [{ account_id: '1' }, 'Parameter addon_id is required'],
    [{ account_id: 'abc', addon_id: '1' }, 'Parameter account_id must be a positive whole number id, such as 1'],
    [{ account_id: '1', addon_id: '1', invoice: 'maybe' }, 'Parameter invoice must be one of: true, false, 1, 0'],
    [{ account_id: '1', addon_id: '1', cycle: 'Monthly' }, 'Parameter cycle must be one of: m, q, s, a, b, t, d, w, h, Free, Once'],
    [
      { account_id: '1', addon_id: '1', payment_module: 'stripe' },
      'Parameter payment_module must be a positive whole number id, such as 1',
    ],
    [{ account_id: '99', addon_id: '1' }, 'Account 99 not found'],
    [{ account_id: '1', addon_id: '99' }, 'Addon 99 not found'],
  ];
  for (const [params, message] of cases) {
    assertError(t, await api(app, 'addAddonToAccount', params), 'addAddonToAccount', [message]);
  }
  t.equal(storeJson(app), before);
});
