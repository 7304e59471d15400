import t from 'tap';
import { api, assertSuccess, build, storeJson } from '../../helpers/app.js';
import { ALICE, assertAnswer, assertRefused, door, login, TOM } from '../../helpers/door.js';
import { ALICE_INVOICE_NOTE, ALICE_TICKET_NOTE, privilegesOf } from './support.js';

const ROUTE = 'putNotificationsIdAck';

t.test('a client acknowledges a notification: it is read from then on, for its contacts too', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const body = assertAnswer(t, await door(app, 'PUT', '/notifications/2/ack', {}, { token }), ROUTE);
  const read = { ...ALICE_INVOICE_NOTE, read: '1' };
  t.strictSame(body, { notification: read, info: ['Notification 2 acknowledged'] });
  const list = assertAnswer(t, await door(app, 'GET', '/notifications', {}, { token }), 'getNotifications');
  t.strictSame(list, { notifications: [read, ALICE_TICKET_NOTE], page: { current: 1, total: 1 } });
  const tom = assertAnswer(t, await door(app, 'GET', '/notifications', {}, { token: await login(app, TOM) }), 'getNotifications');
  t.strictSame(tom.notifications, [read], 'one flag per notification, which the contact sees');
  const before = storeJson(app);
  const again = assertAnswer(t, await door(app, 'PUT', '/notifications/2/ack', {}, { token, via: 'form' }), ROUTE);
  t.strictSame(again, body, 'acknowledging it again answers the same');
  t.equal(storeJson(app), before, 'and changes nothing');
});

t.test('the notification acknowledged is the one a staff reply made; the ticket stays as the Admin API shows it', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  assertSuccess(t, await api(app, 'addTicketReply', { id: '814003', body: 'Renewed.' }), 'addTicketReply');
  const ticketBefore = assertSuccess(t, await api(app, 'getTicketDetails', { id: '814003' }), 'getTicketDetails');
  const body = assertAnswer(t, await door(app, 'PUT', '/notifications/5/ack', {}, { token }), ROUTE);
  t.match(body, { notification: { id: '5', rel_type: 'Ticket', rel_id: '814003', read: '1' } });
  const ticketAfter = assertSuccess(t, await api(app, 'getTicketDetails', { id: '814003' }), 'getTicketDetails');
  t.strictSame(ticketAfter.ticket, ticketBefore.ticket, 'a notification is not the ticket: its status and read flags are the desk’s');
});

t.test("another client's notification, or one a contact may not see, answers as missing and changes nothing", async (t) => {
  const app = await build(t);
  const alice = await login(app, ALICE);
  const tom = await login(app, TOM);
  const before = storeJson(app);
  assertRefused(t, await door(app, 'PUT', '/notifications/3/ack', {}, { token: alice }), 404, ['Notification 3 not found']);
  assertRefused(t, await door(app, 'PUT', '/notifications/99/ack', {}, { token: alice }), 404, ['Notification 99 not found']);
  // Tom may not view tickets: the ticket notification is not there for him.
  assertRefused(t, await door(app, 'PUT', '/notifications/1/ack', {}, { token: tom }), 404, ['Notification 1 not found']);
  t.equal(storeJson(app), before);
  assertSuccess(t, await api(app, 'editContactPermissions', privilegesOf({ support: ['tickets'] })), 'editContactPermissions');
  assertRefused(t, await door(app, 'PUT', '/notifications/2/ack', {}, { token: tom }), 404, ['Notification 2 not found']);
  const body = assertAnswer(t, await door(app, 'PUT', '/notifications/1/ack', {}, { token: tom }), ROUTE);
  t.strictSame(body, { notification: ALICE_TICKET_NOTE, info: ['Notification 1 acknowledged'] });
});

t.test('bad input is refused, and changes nothing', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const before = storeJson(app);
  assertRefused(t, await door(app, 'PUT', '/notifications/abc/ack', {}, { token }), 200, [
    'Parameter id must be a positive whole number id, such as 1',
  ]);
  assertRefused(t, await door(app, 'PUT', '/notifications/0/ack', {}, { token }), 200, [
    'Parameter id must be a positive whole number id, such as 1',
  ]);
  assertRefused(t, await door(app, 'PUT', '/notifications/2/ack'), 401, ['unauthorized']);
  t.equal(storeJson(app), before);
});
