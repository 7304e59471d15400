// Every event of the catalogue raised by the call or the day that causes it,
// delivered to a real receiver with the payload keys of the vendor's hook
// reference; the customer's door's own events through the functions it calls.
import t from 'tap';
import { api, assertSuccess, build } from '../helpers/app.js';
import { receiver } from '../helpers/receiver.js';
import { onDay } from '../automation/support.js';
import { cancellationRequested, clientLoggedIn, EVENT_NAMES } from '../../src/domain/events.js';

const PROFILE = [
  'address1',
  'address2',
  'city',
  'comapnyname',
  'country',
  'email',
  'firstname',
  'id',
  'lastname',
  'phonenumber',
  'postcode',
  'state',
];
const REPLY = ['body', 'date', 'email', 'id', 'name', 'replier_id', 'ticket_id', 'type'];
const SERVICE = ['account_id', 'server', 'service'];
/** The keys of each event's payload, as the vendor's hook reference lists them (a bare id sent as { id }). */
const KEYS: Record<string, string[]> = {
  after_clientadded: [
    'address1',
    'address2',
    'city',
    'companyname',
    'country',
    'email',
    'firstname',
    'id',
    'lastname',
    'password',
    'password2',
    'phonenumber',
    'postcode',
    'state',
    'type',
  ],
  after_clientedit: ['new', 'previous'],
  after_clientlogin: ['id'],
  after_ordercreate: ['id'],
  after_acceptorder: [
    'client_id',
    'contract_accepted_by',
    'contract_accepted_date',
    'date_created',
    'id',
    'invoice_id',
    'metadata',
    'notes',
    'number',
    'order_ip',
    'payment_module',
    'staff_member_id',
    'status',
    'total',
  ],
  after_invoicecreate: ['id'],
  after_invoicefullpaid: [
    'client_id',
    'credit',
    'currency_id',
    'date',
    'id',
    'items',
    'notes',
    'payment_module',
    'status',
    'subtotal',
    'tax',
    'total',
  ],
  after_invoicepartialpayment: ['id'],
  after_invoicelatefee: ['id'],
  after_transactionadd: ['client_id', 'currency_id', 'date', 'descr', 'fee', 'in', 'invoice_id', 'module', 'out', 'trans_id'],
  after_accountcreate: SERVICE,
  after_accountsuspend: ['id'],
  after_accountunsuspend: ['id'],
  after_accountterminate: SERVICE,
  after_accountchangepackage: ['account'],
  after_cancellationrequest: ['acc_id', 'reason'],
  after_domainregister: ['id', 'name'],
  after_domainrenew: ['id', 'name'],
  after_domaintransfer: ['id', 'name'],
  after_ticketopen: ['acc_hash', 'body', 'client_id', 'dept_id', 'email', 'name', 'status', 'subject', 'ticket_id', 'ticket_number'],
  after_ticketclientreply: REPLY,
  after_ticketadminreply: [...REPLY, 'ticket_number'].sort(),
  after_estimatecreate: ['id'],
};

t.test('each listed event is raised by what causes it, with the reference payload keys', async (t) => {
  const app = await build(t, { webhookDelivery: { backoffMs: 1 } });
  const rx = await receiver(t);
  const headers = { 'x-billsim-control': '1' };
  await app.inject({ method: 'POST', url: '/__billsim/webhooks', headers, payload: { url: rx.url, secret: 'k' } });
  const ok = async (call: string, params: Record<string, string>) =>
    assertSuccess(t, await api(app, call, params), call) as Record<string, any>;
  const settled = () => app.inject({ method: 'GET', url: '/__billsim/webhooks/deliveries?wait=10', headers });
  const raisedBy = async (step: () => Promise<unknown>) => {
    await settled();
    const before = rx.received.length;
    await step();
    await settled();
    return rx.received.slice(before).map((r) => r.headers['hb-event']);
  };

  const client = await ok('addClient', {
    firstname: 'Ada',
    lastname: 'L',
    email: 'ada@example.com',
    password: 'Pw-12345',
    password2: 'Pw-12345',
  });
  t.strictSame(await raisedBy(() => ok('setClientDetails', { id: client.client_id, city: 'London' })), ['after_clientedit']);
  const order = await ok('addOrder', { client_id: '1', product: '1', cycle: 'm', invoice_generate: '1' });
  const details = (await ok('getOrderDetails', { id: order.order_id })).details;
  const [invoiceId, serviceId] = [details.invoice_id, details.hosting[0].id];
  t.strictSame(
    await raisedBy(() => ok('addInvoicePayment', { id: invoiceId, amount: '1.00', paymentmodule: '2', fee: '0', date: '2026-11-20' })),
    ['after_transactionadd', 'after_invoicepartialpayment'],
  );
  t.strictSame(
    await raisedBy(() => ok('addInvoicePayment', { id: invoiceId, amount: '4.36', paymentmodule: '2', fee: '0', date: '2026-11-20' })),
    ['after_transactionadd', 'after_invoicefullpaid', 'after_accountcreate', 'after_acceptorder'],
  );
  t.strictSame(await raisedBy(() => ok('accountSuspend', { id: serviceId })), ['after_accountsuspend']);
  t.strictSame(await raisedBy(() => ok('accountUnsuspend', { id: serviceId })), ['after_accountunsuspend']);
  t.strictSame(await raisedBy(() => ok('changeAccountPackage', { id: serviceId, product_id: '2' })), ['after_accountchangepackage']);
  t.strictSame(await raisedBy(() => ok('accountTerminate', { id: serviceId })), ['after_accountterminate']);

  const registration = await ok('addOrder', {
    client_id: '4',
    domain_action: 'register',
    domain_sld: 'ada-x',
    domain_tld: '.com',
    invoice_generate: '1',
  });
  await ok('addOrder', {
    client_id: '4',
    domain_action: 'transfer',
    domain_sld: 'ada-y',
    domain_tld: '.eu',
    domain_eppcode: 'EU-1',
    invoice_generate: '1',
  });
  const [domain] = (await ok('getOrderDetails', { id: registration.order_id })).details.domains;
  t.strictSame(await raisedBy(() => ok('domainRegister', { id: domain.id })), ['after_domainregister']);
  t.strictSame(await raisedBy(() => ok('domainTransfer', { id: String(Number(domain.id) + 1) })), ['after_domaintransfer']);
  t.strictSame(await raisedBy(() => ok('domainRenew', { id: domain.id })), ['after_domainrenew']);

  const ticket = await ok('addTicket', { client_id: '1', subject: 'Help', body: 'b', dept_id: '1' });
  t.strictSame(await raisedBy(() => ok('addTicketReply', { id: String(ticket.ticket_id), body: 'On it' })), ['after_ticketadminreply']);
  t.strictSame(await raisedBy(() => ok('addTicketReply', { id: String(ticket.ticket_id), body: 'Thanks', type: 'Client' })), [
    'after_ticketclientreply',
  ]);
  t.strictSame(await raisedBy(() => ok('addEstimate', { client_id: '1' })), ['after_estimatecreate']);

  // The billing clock's day: invoice 12 (due 2026-11-24) is charged its late fee on 2026-11-27.
  const byDay = await raisedBy(() => onDay(app, '2026-11-27'));
  t.ok(byDay.includes('after_invoicelatefee'), 'the day charges the late fee');

  // The customer's door raises these itself, through the same catalogue.
  const { world } = app.billsim.sessions.get('default');
  t.strictSame(
    await raisedBy(async () => {
      clientLoggedIn(world, '1');
      await world.mutate(() => cancellationRequested(world, serviceId, 'Too dear'));
    }),
    ['after_clientlogin', 'after_cancellationrequest'],
  );

  const seen = new Map(rx.received.map((r) => [r.headers['hb-event'] as string, JSON.parse(r.body)]));
  t.strictSame(
    [...seen.keys()].filter((name) => !(name in KEYS)),
    [],
    'nothing outside the catalogue',
  );
  t.strictSame(
    EVENT_NAMES.filter((name) => !seen.has(name)),
    [],
    'every listed event was raised',
  );
  for (const [name, payload] of seen) t.strictSame(Object.keys(payload).sort(), KEYS[name], `${name} keys`);
  t.strictSame(Object.keys(seen.get('after_clientedit').new).sort(), PROFILE);
  t.match(seen.get('after_clientedit'), { previous: { city: '' }, new: { city: 'London' } });
  t.match(seen.get('after_invoicefullpaid'), { id: Number(invoiceId), status: 'Paid', client_id: 1, total: 5.36 });
  t.match(seen.get('after_acceptorder'), { id: Number(order.order_id), status: 'Active', client_id: 1 });
  t.match(seen.get('after_accountcreate'), { account_id: serviceId, service: { id: serviceId, status: 'Active' } });
  t.notOk('password' in seen.get('after_accountcreate').service, 'no password leaves');

  const events = (await app.inject({ method: 'GET', url: '/__billsim/webhooks/events', headers })).json().events;
  const fees = events.filter((e: { event: string }) => e.event === 'after_invoicelatefee');
  t.ok(
    fees.some((e: { payload: { id: number } }) => e.payload.id === 12),
    'invoice 12 among those charged',
  );
  for (const fee of fees) t.match(fee, { byDay: true, time: '2026-11-27 12:00:00' });
  const [entry] = (await app.inject({ method: 'GET', url: '/__billsim/requests?call=addEstimate', headers })).json().requests;
  t.equal(entry.events.length, 1, 'the journal links a call to the one event it raised');
});
