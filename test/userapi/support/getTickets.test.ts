import t from 'tap';
import { api, assertSuccess, build, storeJson } from '../../helpers/app.js';
import { ALICE, assertAnswer, assertRefused, door, login, TOM } from '../../helpers/door.js';
import { ALICES_TICKET, BRUNO, BRUNOS_TICKET, SABINE, lacks } from './helpers.js';

t.test("a client lists its own tickets with the desk's fields, newest first, paged", async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const body = assertAnswer(t, await door(app, 'GET', '/tickets', {}, { token }), 'getTickets');
  const admin = assertSuccess(t, await api(app, 'getTicketDetails', { id: ALICES_TICKET }), 'getTicketDetails').ticket as Record<
    string,
    string
  >;
  t.strictSame(body, {
    tickets: [
      {
        id: admin.id,
        ticket_number: ALICES_TICKET,
        date: admin.date,
        lastreply: admin.lastreply,
        dept_id: admin.dept_id,
        deptname: admin.deptname,
        name: admin.name,
        subject: admin.subject,
        status: 'Closed',
        priority: admin.priority,
        client_read: admin.client_read,
      },
    ],
    page: { current: 1, total: 1 },
  });
  t.strictSame(assertAnswer(t, await door(app, 'GET', '/tickets', { page: 3 }, { token }), 'getTickets'), {
    tickets: [],
    page: { current: 3, total: 1 },
  });
});

t.test("26 tickets make two pages, and the desk's new ticket shows", async (t) => {
  const app = await build(t);
  for (let i = 0; i < 25; i++) {
    assertSuccess(t, await api(app, 'addTicket', { client_id: '1', subject: `Question ${i}`, body: 'Hello', dept_id: '1' }), 'addTicket');
  }
  const token = await login(app, ALICE);
  const first = assertAnswer(t, await door(app, 'GET', '/tickets', {}, { token }), 'getTickets');
  t.equal((first.tickets as unknown[]).length, 25);
  t.strictSame(first.page, { current: 1, total: 2 });
  t.match(first.tickets, [{ subject: 'Question 24' }]);
  const second = assertAnswer(t, await door(app, 'GET', '/tickets', { page: 2 }, { token }), 'getTickets');
  t.match(second, { tickets: [{ ticket_number: ALICES_TICKET }], page: { current: 2, total: 2 } });
});

t.test("a contact sees its client's tickets with support.tickets only", async (t) => {
  const app = await build(t);
  const sabine = assertAnswer(t, await door(app, 'GET', '/tickets', {}, { token: await login(app, SABINE) }), 'getTickets');
  t.match(sabine.tickets, [{ ticket_number: BRUNOS_TICKET }]);
  t.equal((sabine.tickets as unknown[]).length, 1);
  const tom = await login(app, TOM);
  const before = storeJson(app);
  assertRefused(t, await door(app, 'GET', '/tickets', {}, { token: tom }), 403, [lacks('10', 'support.tickets')]);
  t.equal(storeJson(app), before);
});

t.test('bad input is refused and changes nothing', async (t) => {
  const app = await build(t);
  const token = await login(app, BRUNO);
  const before = storeJson(app);
  assertRefused(t, await door(app, 'GET', '/tickets', { page: 'x' }, { token }), 200, [
    'Parameter page must be the page of the list, counted from 1 (25 items a page)',
  ]);
  t.equal(storeJson(app), before);
});
