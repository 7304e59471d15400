import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { ENCODINGS, api, assertError, assertSuccess, build, SERVER_TIME } from '../../helpers/app.js';
import { answersInEachSession } from '../../helpers/sessions.js';
import type { Body, WireParams } from '../../helpers/app.js';
import { refusals, refusedEach } from '../../helpers/refusals.js';
import type { Collections } from '../../../src/generated/wire.js';

const CALL = 'deleteClient';
// Alice (client 1) and everything she owns in the bundled world.
const ALICE_INFO = [
  'Invoice #1 deleted',
  'Invoice #10 deleted',
  'Invoice #11 deleted',
  'Order #1001 deleted',
  'Order #1004 deleted',
  'Order #1005 deleted',
  'Order #1011 deleted',
  'Order #1021 deleted',
  'Account #1 deleted',
  'Account #2 deleted',
  'Account #12 deleted',
  'Account #16 deleted',
  'Domain #1 deleted',
  'Domain #2 deleted',
  'Estimate #1 deleted',
  'Ticket #814003 deleted',
  'Contact #10 deleted',
];
const ALICE_RECORDS: Partial<Record<keyof Collections, string[]>> = {
  clients: ['1', '10'],
  invoices: ['1', '10', '11'],
  transactions: ['1', '16', '17', '18', '19'],
  orders: ['1001', '1004', '1005', '1011', '1021'],
  accounts: ['1', '2', '12', '16'],
  account_addons: ['1', '2', '3'],
  // Her VPS's configurable option values.
  account_forms: ['1', '2'],
  domains: ['1', '2'],
  // The DNS records of her domain.
  domain_dns: ['1', '2', '3'],
  estimates: ['1'],
  order_drafts: ['1'],
  client_cards: ['1'],
  client_files: ['1', '2'],
  tickets: ['1'],
  ticket_replies: ['1', '2'],
  // Her affiliate account, with the orders of others it referred.
  affiliates: ['1'],
  affiliate_referrals: ['2', '3', '5'],
  // What her client area showed her.
  portal_notifications: ['1', '2'],
};
const DELETED = { success: true, call: CALL, server_time: SERVER_TIME, info: ALICE_INFO };

function snapshot(app: FastifyInstance, session = 'default'): Collections {
  return app.billsim.sessions.get(session).world.snapshot();
}

/** The answers a user would read about Alice's records and about Bruno's (client 2). */
const READS: Array<[string, string]> = [
  ['getClientDetails', '1'],
  ['getClientDetails', '10'],
  ['getInvoiceDetails', '1'],
  ['getInvoiceDetails', '10'],
  ['getAccountDetails', '1'],
  ['getAccountDetails', '16'],
  ['getAccountAddons', '2'],
  ['getDomainDetails', '2'],
  ['getEstimateDetails', '1'],
  ['getOrderDraft', '1'],
  ['getTicketDetails', '814003'],
];
const OTHERS: Array<[string, string]> = [
  ['getClientDetails', '2'],
  ['getClientDetails', '11'],
  ['getInvoiceDetails', '2'],
  ['getAccountDetails', '3'],
  ['getAccountAddons', '6'],
  ['getDomainDetails', '3'],
  ['getEstimateDetails', '2'],
  ['getOrderDraft', '2'],
  ['getClientAccounts', '2'],
  ['getTicketDetails', '251624'],
  ['getClientTickets', '2'],
];

t.test('deleteClient removes the client with everything it owns and lists what went', async (t) => {
  const app = await build(t);
  const before = snapshot(app);
  const others: Body[] = [];
  for (const [call, id] of OTHERS) others.push(assertSuccess(t, await api(app, call, { id }), call) as Body);

  const body = await api(app, CALL, { id: '1' });
  assertSuccess(t, body, CALL);
  t.strictSame(body, DELETED);
  t.strictSame(Object.keys(body), ['success', 'call', 'server_time', 'info'], 'keys in the published order');

  const expected = Object.fromEntries(
    Object.entries(before).map(([name, rows]) => {
      const gone = new Set(ALICE_RECORDS[name as keyof Collections] ?? []);
      return [name, (rows as { id: string }[]).filter((row) => !gone.has(row.id))];
    }),
  );
  t.strictSame(snapshot(app), expected, 'exactly her records are gone; every other record is as it was');

  const notFound: Record<string, string> = {
    getClientDetails: 'Client',
    getInvoiceDetails: 'Invoice',
    getAccountDetails: 'Account',
    getAccountAddons: 'Account',
    getDomainDetails: 'Domain',
    getEstimateDetails: 'Estimate',
    getOrderDraft: 'Order draft',
  };
  for (const [call, id] of READS) {
    const message = call === 'getTicketDetails' ? `Ticket #${id} not found` : `${notFound[call]} ${id} not found`;
    assertError(t, await api(app, call, { id }), call, [message]);
  }
  for (const [i, [call, id]] of OTHERS.entries()) {
    t.strictSame(assertSuccess(t, await api(app, call, { id }), call), others[i], `${call} ${id} answers as before`);
  }
  const lists: Array<[string, string]> = [
    ['getClients', 'clients'],
    ['getAccounts', 'accounts'],
    ['getInvoices', 'invoices'],
    ['getTransactions', 'transactions'],
    ['getEstimates', 'estimates'],
    ['getTickets', 'tickets'],
  ];
  for (const [call, key] of lists) {
    const items = assertSuccess(t, await api(app, call, { perpage: '1000' }), call)[key] as Array<{ id: string; client_id?: string }>;
    t.ok(items.length > 0, `${call} still lists the others`);
    t.notOk(
      items.some((item) => (item.client_id ?? item.id) === '1'),
      `${call} lists nothing of client 1`,
    );
  }
  assertError(t, await api(app, CALL, { id: '1' }), CALL, ['Client 1 not found']);
  assertSuccess(t, await api(app, 'addClient', { email: 'alice@morgan-design.com', password: 'p', password2: 'p' }), 'addClient');
  t.comment("her email is free again, and so is her contact's");
  assertSuccess(t, await api(app, 'addClient', { email: 'tom.reed@morgan-design.com', password: 'p', password2: 'p' }), 'addClient');
});

t.test('deleteClient of a client with cards, estimates and drafts but no contacts, in the documented order', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, { id: '5' });
  t.strictSame(body, {
    success: true,
    call: CALL,
    server_time: SERVER_TIME,
    info: [
      'Invoice #5 deleted',
      'Order #1006 deleted',
      'Order #1010 deleted',
      'Account #7 deleted',
      'Domain #10 deleted',
      'Estimate #3 deleted',
      'Ticket #926866 deleted',
    ],
  });
  const { world } = app.billsim.sessions.get('default');
  t.equal(world.get('client_cards', '2'), undefined, 'the card on file is gone');
  t.equal(world.get('order_drafts', '3'), undefined, 'and the order draft');
  t.equal(world.get('domains', '10'), undefined, 'and the domain');
  t.strictSame(world.where('transactions', 'client_id', '5'), [], 'and the transactions');
  t.equal(world.get('ticket_replies', '7'), undefined, "and the ticket's reply");
  t.equal(world.get('ticket_notes', '1'), undefined, "and the ticket's note");
  t.ok(world.get('ticket_notes', '2'), "another client's ticket keeps its note");
});

t.test('deleteClient of a client who owns nothing answers an empty info, and keeps the outbox', async (t) => {
  const app = await build(t);
  const added = await api(app, 'addClient', { email: 'new@example.com', password: 'p', password2: 'p', notify: '1' });
  t.equal(assertSuccess(t, added, 'addClient').client_id, '12');
  t.strictSame(await api(app, CALL, { id: '12' }), { success: true, call: CALL, server_time: SERVER_TIME, info: [] });
  assertError(t, await api(app, 'getClientDetails', { id: '12' }), 'getClientDetails', ['Client 12 not found']);
  const emails = (await app.inject({ method: 'GET', url: '/__billsim/emails' })).json().emails;
  t.match(emails, [{ to: 'new@example.com', template: 'Details:Signup', client_id: '12' }], 'the e-mail already sent stays');
});

t.test('deleteClient removes the guest access given to the profile or held by the client or its contacts, and no one else', async (t) => {
  const grants = (app: FastifyInstance) => snapshot(app).client_guests.map((g) => g.id);
  const guestRows = async (app: FastifyInstance, id: string) =>
    (assertSuccess(t, await api(app, 'getClientContacts', { id }), 'getClientContacts').contacts as Array<{ access_id?: string }>)
      .map((row) => row.access_id)
      .filter(Boolean);
  const host = await build(t);
  assertSuccess(t, await api(host, CALL, { id: '4' }), CALL);
  t.strictSame(grants(host), [], "Daniel's profile goes with both grants on it");
  t.strictSame(
    assertSuccess(t, await api(host, 'getClientAccess', { id: '11' }), 'getClientAccess').contacts,
    [],
    'Sabine reaches nothing',
  );
  assertSuccess(t, await api(host, 'getClientDetails', { id: '11' }), 'getClientDetails');
  t.comment('and her own account stays');

  const guest = await build(t);
  assertSuccess(t, await api(guest, CALL, { id: '7' }), CALL);
  t.strictSame(grants(guest), ['1'], "Grace's invitation goes with her");
  t.strictSame(await guestRows(guest, '4'), ['1'], 'Daniel keeps his other guest');

  const parent = await build(t);
  assertSuccess(t, await api(parent, 'addClientGuest', { id: '3', user_id: '2' }), 'addClientGuest');
  assertSuccess(t, await api(parent, CALL, { id: '2' }), CALL);
  t.strictSame(grants(parent), ['2'], "Bruno's own grant and his contact Sabine's go; Grace's stays");
  t.strictSame(await guestRows(parent, '3'), []);
});

t.test('deleteClient works the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  await answersInEachSession(t, app, CALL, { id: '1' }, DELETED);
  const states = ENCODINGS.map((via) => JSON.stringify(snapshot(app, via)));
  for (const state of states) t.equal(state, states[0]);
  t.ok(
    snapshot(app).clients.some((c) => c.id === '1'),
    'the default session is untouched',
  );
});

t.test('deleteClient refusals change nothing', async (t) => {
  const app = await build(t);
  const cases: Array<[string, WireParams, string]> = [
    ['unknown client', { id: '99' }, 'Client 99 not found'],
    ['a contact', { id: '10' }, 'Client 10 is a contact of client 1, not a main client: delete a contact with deleteClientContact'],
  ];
  await refusedEach(t, app, CALL, cases);
});

refusals('deleteClient parameter errors', CALL, [
  [{}, 'Parameter id is required'],
  [{ id: '1x' }, 'Parameter id must be a positive whole number id, such as 1'],
  [{ id: '0' }, 'Parameter id must be a positive whole number id, such as 1'],
]);
