// A support conversation end to end: a client opens a ticket, staff answer, the
// client writes back, staff close it, and the client's next message reopens it.
// Every step is read back through the three read calls and the outbox.
import t from 'tap';
import type { Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, assertSuccess, build, type WireParams } from '../helpers/app.js';
import { NEXT_ID, NEXT_NUMBER, emails } from '../helpers/tickets.js';

type Row = Record<string, string>;

/** The outbox's ticket messages, newest first (the daily automation may add others as the clock moves). */
async function ticketMails(app: FastifyInstance) {
  return (await emails(app)).filter((e) => e.related.ticket_id !== undefined);
}

async function call(t: Test, app: FastifyInstance, name: string, params: WireParams): Promise<Record<string, unknown>> {
  return assertSuccess(t, await api(app, name, params), name);
}

/** The ticket as each read call shows it: the details' ticket and replies, and the list items of getTickets and getClientTickets. */
async function readBack(t: Test, app: FastifyInstance) {
  const details = await call(t, app, 'getTicketDetails', { id: NEXT_NUMBER });
  const listed = (await call(t, app, 'getTickets', { perpage: '1' })).tickets as Row[];
  const mine = (await call(t, app, 'getClientTickets', { id: '5' })).tickets as Row[];
  t.equal(listed[0].id, NEXT_ID, 'newest in getTickets');
  t.equal(mine[0].id, NEXT_ID, "newest in the client's list");
  t.strictSame(mine[0], listed[0], 'both lists show the same item');
  return { ticket: details.ticket as Row, replies: details.replies as Row[], item: listed[0], count: mine.length };
}

t.test('open, answer, write back, close, reopen', async (t) => {
  // Each step happens at a later moment of the session clock.
  const app = await build(t);
  const clock = async (now: string) => {
    const response = await app.inject({ method: 'POST', url: '/__billsim/clock', payload: { now } });
    t.equal(response.statusCode, 200, `clock set to ${now}: ${response.body}`);
  };

  const opened = await call(t, app, 'addTicket', {
    client_id: '5',
    asclient: '1',
    dept_id: '2',
    subject: 'Mail bounces from srv.laurent-conseil.fr',
    body: 'Our mails to gmail.com bounce with "550 SPF check failed".',
  });
  t.strictSame(opened, { ticket_id: Number(NEXT_NUMBER), info: ['New ticket has been created'] });
  let state = await readBack(t, app);
  t.match(state.ticket, { status: 'Open', type: 'Client', admin_read: '0', client_read: '1', lastreply: '2026-11-20 12:00:00' });
  t.match(state.item, {
    status: 'Open',
    lastreply: '1 minute ago',
    tsubject: `#${NEXT_NUMBER} - Mail bounces from srv.laurent-conseil.fr`,
  });
  t.equal(state.count, 2, 'her bundled ticket and the new one');
  t.strictSame(
    (await ticketMails(app)).map((e) => [e.to, e.template, e.subject]),
    [
      [
        'emma.laurent@laurent-conseil.fr',
        'Ticket Opened',
        `We have received your ticket #${NEXT_NUMBER}: Mail bounces from srv.laurent-conseil.fr`,
      ],
    ],
    'the client gets a receipt',
  );

  await clock('2026-11-20 14:30:00');
  const answered = await call(t, app, 'addTicketReply', { id: NEXT_NUMBER, body: 'We have added the server to your SPF record.' });
  t.strictSame(answered.info, ['Reply added, ticket status changed to Answered']);
  state = await readBack(t, app);
  t.match(state.ticket, {
    status: 'Answered',
    admin_read: '1',
    client_read: '0',
    lastreply: '2026-11-20 14:30:00',
    viewtime: '2026-11-20 14:30:00',
  });
  t.match(state.item, { status: 'Answered', lastreply: '1 minute ago' });
  t.strictSame(
    state.replies.map((r) => [r.type, r.name, r.date]),
    [['Admin', 'Olivia Grant', '2026-11-20 14:30:00']],
  );
  t.strictSame(
    (await ticketMails(app)).map((e) => [e.to, e.template]),
    [
      ['emma.laurent@laurent-conseil.fr', 'Ticket Reply'],
      ['emma.laurent@laurent-conseil.fr', 'Ticket Opened'],
    ],
    'the staff reply reaches the client (outbox newest first)',
  );

  await clock('2026-11-21 09:15:00');
  const wroteBack = await call(t, app, 'addTicketReply', { id: NEXT_NUMBER, type: 'Client', body: 'Works now, thank you.' });
  t.strictSame(wroteBack.info, ['Reply added, ticket status changed to Client-Reply']);
  state = await readBack(t, app);
  t.match(state.ticket, { status: 'Client-Reply', admin_read: '0', client_read: '1', lastreply: '2026-11-21 09:15:00' });
  t.match(state.item, { status: 'Client-Reply', lastreply: '1 minute ago' });
  t.equal((await ticketMails(app)).length, 2, 'the client is not e-mailed about their own reply');

  await clock('2026-11-21 10:00:00');
  const closed = await call(t, app, 'setTicketStatus', { id: NEXT_NUMBER, status: 'Closed' });
  t.strictSame(closed.info, [`Ticket #${NEXT_NUMBER} status changed to: Closed`]);
  state = await readBack(t, app);
  t.match(state.ticket, { status: 'Closed', lastreply: '2026-11-21 09:15:00' }, 'closing is no reply');
  t.match(state.item, { status: 'Closed', lastreply: '45 minutes ago' });
  t.strictSame(
    ((await call(t, app, 'getTickets', { 'filter[list]': 'closed' })).tickets as Row[]).map((x) => x.id),
    [NEXT_ID, '1'],
  );

  await clock('2026-11-24 08:00:00');
  const reopened = await call(t, app, 'addTicketReply', {
    id: NEXT_NUMBER,
    type: 'Client',
    body: 'The bounces are back since this morning.',
  });
  t.strictSame(reopened.info, ['Reply added, ticket status changed to Client-Reply'], 'a client reply reopens a Closed ticket');
  state = await readBack(t, app);
  t.match(state.ticket, { status: 'Client-Reply', lastreply: '2026-11-24 08:00:00' });
  t.match(state.item, { status: 'Client-Reply', lastreply: '1 minute ago' });
  t.strictSame(
    state.replies.map((r) => [r.id, r.type, r.replier_id, r.name, r.date, r.body]),
    [
      ['11', 'Admin', '1', 'Olivia Grant', '2026-11-20 14:30:00', 'We have added the server to your SPF record.'],
      ['12', 'Client', '5', 'Emma Laurent', '2026-11-21 09:15:00', 'Works now, thank you.'],
      ['13', 'Client', '5', 'Emma Laurent', '2026-11-24 08:00:00', 'The bounces are back since this morning.'],
    ],
    'the conversation in order, each with its author and date',
  );
  t.strictSame(
    ((await call(t, app, 'getClientTickets', { id: '5', 'filter[status]': 'Client-Reply' })).tickets as Row[]).map((x) => x.id),
    [NEXT_ID],
  );
  const outbox = await ticketMails(app);
  t.strictSame(
    outbox.map((e) => [e.template, e.related]),
    [
      ['Ticket Reply', { ticket_id: NEXT_ID, reply_id: '11' }],
      ['Ticket Opened', { ticket_id: NEXT_ID }],
    ],
    'only the receipt and the staff reply were e-mailed',
  );
});
