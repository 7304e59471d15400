import t from 'tap';
import { api, assertSuccess, build, storeJson } from '../../helpers/app.js';
import { ALICE, assertAnswer, assertRefused, door, login, TOM } from '../../helpers/door.js';
import { ALICES_TICKET, BRUNOS_TICKET, SABINE, lacks } from './helpers.js';

t.test("a client's reply is the desk's: getTicketDetails shows it and the Closed ticket re-opens", async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const body = assertAnswer(
    t,
    await door(app, 'POST', `/tickets/${ALICES_TICKET}`, { body: 'Still broken' }, { token }),
    'postTicketsNumber',
  );
  t.strictSame(body, { info: ['Reply added, ticket status changed to Client-Reply'] });
  const admin = assertSuccess(t, await api(app, 'getTicketDetails', { id: ALICES_TICKET }), 'getTicketDetails');
  t.match(admin.ticket, { status: 'Client-Reply', admin_read: '0', client_read: '1' });
  const replies = admin.replies as Array<Record<string, string>>;
  t.equal(replies.length, 3);
  t.match(replies[2], { replier_id: '1', name: 'Alice Morgan', email: ALICE, body: 'Still broken', type: 'Client' });
  const read = assertAnswer(t, await door(app, 'GET', `/tickets/${ALICES_TICKET}`, {}, { token }), 'getTicketsNumber');
  t.strictSame(read.replies, admin.replies);
});

t.test('a contact replies under its own name with support.tickets only', async (t) => {
  const app = await build(t);
  assertAnswer(
    t,
    await door(app, 'POST', `/tickets/${BRUNOS_TICKET}`, { body: 'Thanks' }, { token: await login(app, SABINE) }),
    'postTicketsNumber',
  );
  const admin = assertSuccess(t, await api(app, 'getTicketDetails', { id: BRUNOS_TICKET }), 'getTicketDetails');
  t.match((admin.replies as unknown[]).at(-1), { replier_id: '11', name: 'Sabine Vogel', type: 'Client' });
  const tom = await login(app, TOM);
  const before = storeJson(app);
  assertRefused(t, await door(app, 'POST', `/tickets/${ALICES_TICKET}`, { body: 'x' }, { token: tom }), 403, [
    lacks('10', 'support.tickets'),
  ]);
  t.equal(storeJson(app), before);
});

t.test("another client's ticket answers 404; bad input is refused; neither changes anything", async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const before = storeJson(app);
  assertRefused(t, await door(app, 'POST', `/tickets/${BRUNOS_TICKET}`, { body: 'x' }, { token }), 404, [
    `Ticket ${BRUNOS_TICKET} not found`,
  ]);
  const bad = await door(app, 'POST', '/tickets/abc', { body: '' }, { token });
  t.equal(bad.status, 200);
  t.equal((bad.body.error as string[]).length, 2, JSON.stringify(bad.body));
  t.equal(storeJson(app), before);
});
