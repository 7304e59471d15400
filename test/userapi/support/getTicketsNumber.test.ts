import t from 'tap';
import { api, assertSuccess, build, storeJson } from '../../helpers/app.js';
import { ALICE, assertAnswer, assertRefused, door, login, TOM } from '../../helpers/door.js';
import { ALICES_TICKET, BRUNOS_TICKET, SABINE, lacks } from './helpers.js';

t.test("a client reads its ticket with the whole thread, as getTicketDetails shows it without the staff's fields", async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, 'addTicketNotes', { id: ALICES_TICKET, notes: 'Staff only' }), 'addTicketNotes');
  const token = await login(app, ALICE);
  const before = storeJson(app);
  const body = assertAnswer(t, await door(app, 'GET', `/tickets/${ALICES_TICKET}`, {}, { token }), 'getTicketsNumber');
  const admin = assertSuccess(t, await api(app, 'getTicketDetails', { id: ALICES_TICKET }), 'getTicketDetails');
  const { admin_read: _read, viewtime: _viewed, acc_hash: _hash, ...ticket } = admin.ticket as Record<string, string>;
  t.strictSame(body, { ticket, replies: admin.replies, attachments: admin.attachments });
  t.equal((body.replies as unknown[]).length, 2);
  t.equal((body.attachments as unknown[]).length, 1);
  t.equal((admin.notes as unknown[]).length, 1, 'the note stays on the staff side');
  t.equal(storeJson(app), before, 'reading changes nothing');
});

t.test("another client's ticket and an unknown number answer 404; bad input is refused", async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const before = storeJson(app);
  for (const number of [BRUNOS_TICKET, '139729', '999999']) {
    assertRefused(t, await door(app, 'GET', `/tickets/${number}`, {}, { token }), 404, [`Ticket ${number} not found`]);
  }
  const bad = await door(app, 'GET', '/tickets/12x', {}, { token });
  t.equal(bad.status, 200);
  t.match(bad.body, { error: [/^Parameter number/] });
  t.equal(storeJson(app), before);
});

t.test("a contact reads its client's ticket with support.tickets only", async (t) => {
  const app = await build(t);
  assertAnswer(t, await door(app, 'GET', `/tickets/${BRUNOS_TICKET}`, {}, { token: await login(app, SABINE) }), 'getTicketsNumber');
  assertRefused(t, await door(app, 'GET', `/tickets/${ALICES_TICKET}`, {}, { token: await login(app, TOM) }), 403, [
    lacks('10', 'support.tickets'),
  ]);
});
