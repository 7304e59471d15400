import t from 'tap';
import { api, assertSuccess, build, storeJson } from '../../helpers/app.js';
import { ALICE, assertAnswer, assertRefused, door, login, TOM } from '../../helpers/door.js';
import { BRUNO, SABINE, lacks } from './helpers.js';

t.test('a client opens a ticket the desk sees, unread, from the client', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const body = assertAnswer(
    t,
    await door(app, 'POST', '/tickets', { dept_id: 2, subject: 'Site down', body: 'It is down', priority: 'high' }, { token }),
    'postTickets',
  );
  t.match(body, { ticket_number: /^\d{6}$/, id: '9', info: ['New ticket has been created'] });
  const admin = assertSuccess(t, await api(app, 'getTicketDetails', { id: body.ticket_number as string }), 'getTicketDetails');
  t.match(admin.ticket, {
    id: '9',
    client_id: '1',
    dept_id: '2',
    name: 'Alice Morgan',
    email: ALICE,
    subject: 'Site down',
    body: 'It is down',
    status: 'Open',
    priority: '2',
    admin_read: '0',
    client_read: '1',
    type: 'Client',
  });
  const list = assertSuccess(t, await api(app, 'getTickets', { 'filter[list]': 'open' }), 'getTickets');
  t.match(list.tickets, [{ ticket_number: body.ticket_number }]);
  const emails = assertSuccess(t, await api(app, 'getClientEmails', { id: '1' }), 'getClientEmails');
  t.match(emails.emails, [{ subject: `We have received your ticket #${body.ticket_number}: Site down` }]);
});

t.test('a contact opens tickets for its client, under its own name, with support.newticket only', async (t) => {
  const app = await build(t);
  const body = assertAnswer(
    t,
    await door(
      app,
      'POST',
      '/tickets',
      { dept_id: '1', subject: 'Invoice', body: 'A question' },
      { token: await login(app, SABINE), via: 'form' },
    ),
    'postTickets',
  );
  const admin = assertSuccess(t, await api(app, 'getTicketDetails', { id: body.ticket_number as string }), 'getTicketDetails');
  t.match(admin.ticket, { client_id: '2', name: 'Sabine Vogel', email: SABINE, priority: '0' });
  const tom = await login(app, TOM);
  const before = storeJson(app);
  assertRefused(t, await door(app, 'POST', '/tickets', { dept_id: '1', subject: 'x', body: 'y' }, { token: tom }), 403, [
    lacks('10', 'support.newticket'),
  ]);
  t.equal(storeJson(app), before);
});

t.test('bad input and an unknown department are refused and change nothing', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, 'addTicketDept', { name: 'Internal', email: 'ops@lumenhost.net' }), 'addTicketDept');
  const token = await login(app, BRUNO);
  const before = storeJson(app);
  const bad = await door(app, 'POST', '/tickets', { dept_id: 'x', subject: '', priority: 'urgent' }, { token });
  t.equal(bad.status, 200);
  t.equal((bad.body.error as string[]).length, 4, JSON.stringify(bad.body));
  assertRefused(t, await door(app, 'POST', '/tickets', { dept_id: '99', subject: 'a', body: 'b' }, { token }), 200, [
    'Ticket department 99 not found',
  ]);
  t.equal(storeJson(app), before);
});
