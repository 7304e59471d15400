import t from 'tap';
import { api, assertSuccess, build, storeJson } from '../../helpers/app.js';
import { ALICE, assertAnswer, assertRefused, door, login, TOM } from '../../helpers/door.js';
import { ALICE_INVOICE_NOTE, BRUNO, privilegesOf } from './support.js';

const ROUTE = 'getNotificationsNew';

t.test('only the notifications not yet acknowledged, newest first', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const body = assertAnswer(t, await door(app, 'GET', '/notifications/new', {}, { token }), ROUTE);
  t.strictSame(body, { notifications: [ALICE_INVOICE_NOTE], page: { current: 1, total: 1 } }, 'the read ticket notification is left out');
  assertSuccess(t, await api(app, 'addTicketReply', { id: '814003', body: 'Renewed.' }), 'addTicketReply');
  const after = assertAnswer(t, await door(app, 'GET', '/notifications/new', { rel_type: 'Ticket' }, { token }), ROUTE);
  t.strictSame(after, {
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
    ],
    page: { current: 1, total: 1 },
  });
  assertAnswer(t, await door(app, 'PUT', '/notifications/2/ack', {}, { token }), 'putNotificationsIdAck');
  const left = assertAnswer(t, await door(app, 'GET', '/notifications/new', { rel_type: 'Invoice' }, { token }), ROUTE);
  t.strictSame(left, { notifications: [], page: { current: 1, total: 1 } }, 'an acknowledged one is no longer new');
});

t.test("another client's new notifications are not listed", async (t) => {
  const app = await build(t);
  const bruno = assertAnswer(t, await door(app, 'GET', '/notifications/new', {}, { token: await login(app, BRUNO) }), ROUTE);
  t.strictSame(
    (bruno.notifications as { id: string; client_id: string }[]).map((n) => [n.id, n.client_id]),
    [
      ['4', '2'],
      ['3', '2'],
    ],
  );
  const alice = assertAnswer(
    t,
    await door(app, 'GET', '/notifications/new', { rel_id: '251624' }, { token: await login(app, ALICE) }),
    ROUTE,
  );
  t.strictSame(alice, { notifications: [], page: { current: 1, total: 1 } });
});

t.test('a contact sees the new notifications its privileges cover', async (t) => {
  const app = await build(t);
  const token = await login(app, TOM);
  assertSuccess(t, await api(app, 'addTicketReply', { id: '814003', body: 'Renewed.' }), 'addTicketReply');
  const body = assertAnswer(t, await door(app, 'GET', '/notifications/new', {}, { token }), ROUTE);
  t.strictSame(
    body,
    { notifications: [ALICE_INVOICE_NOTE], page: { current: 1, total: 1 } },
    'no ticket notification without support.tickets',
  );
  assertSuccess(
    t,
    await api(app, 'editContactPermissions', privilegesOf({ billing: ['payinvoice'], support: ['tickets'] })),
    'editContactPermissions',
  );
  const now = assertAnswer(t, await door(app, 'GET', '/notifications/new', {}, { token }), ROUTE);
  t.strictSame(
    (now.notifications as { id: string }[]).map((n) => n.id),
    ['5', '2'],
  );
});

t.test('bad input is refused with every problem at once, and changes nothing', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const before = storeJson(app);
  assertRefused(t, await door(app, 'GET', '/notifications/new', { rel_type: 'ticket', rel_id: '-1', page: 'last' }, { token }), 200, [
    'Parameter rel_type must be one of: Ticket, Invoice',
    "Parameter rel_id must be a number: an invoice's id or a ticket's 6-digit number",
    'Parameter page must be the page of the list, counted from 1 (25 items a page)',
  ]);
  assertRefused(t, await door(app, 'GET', '/notifications/new', {}, { token: 'not-a-token' }), 401, ['unauthorized']);
  t.equal(storeJson(app), before);
});
