import t from 'tap';
import { api, assertSuccess, build, storeJson } from '../../helpers/app.js';
import { ALICE, assertAnswer, assertRefused, door, login, TOM } from '../../helpers/door.js';
import { clock } from '../../automation/support.js';
import { ALICE_INVOICE_NOTE, ALICE_TICKET_NOTE, BRUNO, privilegesOf } from './support.js';

const ROUTE = 'getNotifications';

t.test("a client lists its own notifications, read or not, newest first; another client's are not there", async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const body = assertAnswer(t, await door(app, 'GET', '/notifications', {}, { token }), ROUTE);
  t.strictSame(body, { notifications: [ALICE_INVOICE_NOTE, ALICE_TICKET_NOTE], page: { current: 1, total: 1 } });
  const tickets = assertAnswer(t, await door(app, 'GET', '/notifications', { rel_type: 'Ticket' }, { token }), ROUTE);
  t.strictSame(tickets, { notifications: [ALICE_TICKET_NOTE], page: { current: 1, total: 1 } });
  const one = assertAnswer(t, await door(app, 'GET', '/notifications', { rel_type: 'Invoice', rel_id: '1' }, { token }), ROUTE);
  t.strictSame(one, { notifications: [ALICE_INVOICE_NOTE], page: { current: 1, total: 1 } });
  // Invoice 12 is Bruno's (client 2): its notification is his alone.
  const others = assertAnswer(t, await door(app, 'GET', '/notifications', { rel_type: 'Invoice', rel_id: '12' }, { token }), ROUTE);
  t.strictSame(others, { notifications: [], page: { current: 1, total: 1 } });
  const bruno = assertAnswer(t, await door(app, 'GET', '/notifications', {}, { token: await login(app, BRUNO) }), ROUTE);
  t.strictSame(
    (bruno.notifications as { id: string }[]).map((n) => n.id),
    ['4', '3'],
  );
});

t.test('a staff reply through addTicketReply is a notification the client sees next; its own reply is not', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  assertSuccess(
    t,
    await api(app, 'addTicketReply', { id: '814003', body: 'The certificate is renewed.', notify_client: '0' }),
    'addTicketReply',
  );
  assertSuccess(t, await api(app, 'addTicketReply', { id: '814003', body: 'Thanks!', type: 'Client' }), 'addTicketReply');
  const body = assertAnswer(t, await door(app, 'GET', '/notifications', {}, { token }), ROUTE);
  t.strictSame(body, {
    notifications: [
      {
        id: '5',
        client_id: '1',
        rel_type: 'Ticket',
        rel_id: '814003',
        subject: 'New reply to ticket #814003',
        message: 'Support replied to your ticket "SSL warning on morgan-design.com".',
        date: '2026-11-20 12:00:00',
        read: '0',
      },
      ALICE_INVOICE_NOTE,
      ALICE_TICKET_NOTE,
    ],
    page: { current: 1, total: 1 },
  });
  const ticket = assertSuccess(t, await api(app, 'getTicketDetails', { id: '814003' }), 'getTicketDetails').ticket as Record<
    string,
    unknown
  >;
  t.equal(ticket.client_id, '1', 'the ticket the notification names is the client’s, as the Admin API shows it');
});

t.test('an invoice issued to the client notifies it: a call, a Draft made Unpaid, and the daily run’s renewal', async (t) => {
  const app = await build(t);
  let token = await login(app, ALICE);
  const receipt = assertSuccess(t, await api(app, 'addCreditReceipt', { client_id: '1', amount: '20.00' }), 'addCreditReceipt');
  const draft = assertSuccess(t, await api(app, 'addInvoice', { client_id: '1' }), 'addInvoice');
  const invoices = async () =>
    (
      assertAnswer(t, await door(app, 'GET', '/notifications', { rel_type: 'Invoice' }, { token }), ROUTE).notifications as Record<
        string,
        string
      >[]
    ).map(({ rel_id, subject, message, date }) => ({ rel_id, subject, message, date }));
  t.strictSame((await invoices())[0], {
    rel_id: receipt.invoice_id,
    subject: `New invoice #${receipt.invoice_id}`,
    message: `Invoice #${receipt.invoice_id} for 20.00 USD is due on 2026-11-20.`,
    date: '2026-11-20 12:00:00',
  });
  t.equal((await invoices()).length, 2, 'a Draft is not issued: the client does not see it yet');
  assertSuccess(t, await api(app, 'setInvoiceStatus', { id: String(draft.invoice_id), status: 'Unpaid' }), 'setInvoiceStatus');
  t.match((await invoices())[0], { rel_id: draft.invoice_id, subject: `New invoice #${draft.invoice_id}` }, 'made Unpaid, it is issued');

  // Service 16 (Alice's, monthly) is invoiced on 2026-11-25: the daily run dates it at that day's midnight.
  await clock(app, { now: '2026-11-25 12:00:00' });
  token = await login(app, ALICE);
  const renewal = (await invoices())[0];
  t.equal(renewal.date, '2026-11-25 00:00:00');
  const invoice = assertSuccess(t, await api(app, 'getInvoiceDetails', { id: renewal.rel_id }), 'getInvoiceDetails').invoice as Record<
    string,
    unknown
  >;
  t.match(invoice, { id: renewal.rel_id, client_id: '1', status: 'Unpaid', date: '2026-11-25' }, 'the invoice the Admin API shows');
  t.equal(renewal.message, `Invoice #${renewal.rel_id} for ${invoice.total} USD is due on ${invoice.duedate}.`);
});

t.test('a contact sees the notifications its privileges cover', async (t) => {
  const app = await build(t);
  const token = await login(app, TOM);
  // Tom may view and pay invoices, not tickets (fixtures/default/clients.json).
  const body = assertAnswer(t, await door(app, 'GET', '/notifications', {}, { token }), ROUTE);
  t.strictSame(body, { notifications: [ALICE_INVOICE_NOTE], page: { current: 1, total: 1 } });
  assertSuccess(t, await api(app, 'editContactPermissions', privilegesOf({ support: ['tickets'] })), 'editContactPermissions');
  const now = assertAnswer(t, await door(app, 'GET', '/notifications', {}, { token }), ROUTE);
  t.strictSame(now, { notifications: [ALICE_TICKET_NOTE], page: { current: 1, total: 1 } }, 'tickets now, and no invoices');
});

t.test('lists page by 25, counted from 1', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  for (let n = 0; n < 24; n++) assertSuccess(t, await api(app, 'addCreditReceipt', { client_id: '1', amount: '1.00' }), 'addCreditReceipt');
  const first = assertAnswer(t, await door(app, 'GET', '/notifications', {}, { token }), ROUTE);
  t.equal((first.notifications as unknown[]).length, 25);
  t.strictSame(first.page, { current: 1, total: 2 });
  const second = assertAnswer(t, await door(app, 'GET', '/notifications', { page: 2 }, { token }), ROUTE);
  t.strictSame(second, { notifications: [ALICE_TICKET_NOTE], page: { current: 2, total: 2 } });
  const past = assertAnswer(t, await door(app, 'GET', '/notifications', { page: 3 }, { token }), ROUTE);
  t.strictSame(past, { notifications: [], page: { current: 3, total: 2 } });
});

t.test('bad input is refused with every problem at once, and changes nothing', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const before = storeJson(app);
  assertRefused(t, await door(app, 'GET', '/notifications', { rel_type: 'Order', rel_id: 'x', page: 0 }, { token }), 200, [
    'Parameter rel_type must be one of: Ticket, Invoice',
    "Parameter rel_id must be a number: an invoice's id or a ticket's 6-digit number",
    'Parameter page must be the page of the list, counted from 1 (25 items a page)',
  ]);
  assertRefused(t, await door(app, 'GET', '/notifications'), 401, ['unauthorized']);
  t.equal(storeJson(app), before);
});

t.test("a client's notifications go with it when it is deleted", async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, 'deleteClient', { id: '2' }), 'deleteClient');
  const left = JSON.parse(storeJson(app)).portal_notifications as { client_id: string }[];
  t.strictSame(
    left.map((n) => n.client_id),
    ['1', '1'],
  );
});
