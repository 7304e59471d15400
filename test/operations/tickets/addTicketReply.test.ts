import t from 'tap';
import type { Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, assertSuccess, build, type WireParams, SERVER_TIME } from '../../helpers/app.js';
import { read } from '../../helpers/reads.js';
import { infoAnswer } from '../../helpers/shapes.js';
import { refusals, refusedWith } from '../../helpers/refusals.js';
import { sameEverywhereMutating, sessionOf } from '../../helpers/sessions.js';
import { NUMBER, emails } from '../../helpers/tickets.js';

const CALL = 'addTicketReply';
const NOW = '2026-11-20 12:00:00';
const NEXT_REPLY = '11';
const answer = (status: string) => ({
  success: true,
  call: CALL,
  server_time: SERVER_TIME,
  info: [`Reply added, ticket status changed to ${status}`],
});

async function details(t: Test, app: FastifyInstance, ticketId: string, session?: string) {
  return assertSuccess(t, await api(app, 'getTicketDetails', { id: NUMBER[ticketId] }, { session }), 'getTicketDetails') as {
    ticket: Record<string, string>;
    replies: Array<Record<string, string>>;
    attachments: Array<Record<string, string>>;
  };
}

async function listed(t: Test, app: FastifyInstance, ticketId: string) {
  const body = await read(t, app, 'getTickets', { 'filter[ticket_number]': NUMBER[ticketId] });
  return (body.tickets as Array<Record<string, string>>)[0];
}

t.test('a staff reply: the ticket is Answered, the reply kept in order, the client e-mailed', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, { id: NUMBER[3], body: 'We have found your transfer and unsuspended the site.' });
  assertSuccess(t, body, CALL);
  infoAnswer(t, body, answer('Answered'), 'the published answer');

  const read = await details(t, app, '3');
  t.strictSame(
    read.replies.map((r) => r.id),
    ['4', '8', NEXT_REPLY],
    'after the earlier replies',
  );
  t.strictSame(read.replies[2], {
    id: NEXT_REPLY,
    ticket_id: '3',
    replier_id: '1',
    name: 'Olivia Grant',
    email: 'olivia.grant@lumenhost.net',
    date: NOW,
    body: 'We have found your transfer and unsuspended the site.',
    status: 'Sent',
    type: 'Admin',
  });
  t.match(read.ticket, {
    status: 'Answered',
    lastreply: NOW,
    admin_read: '1',
    client_read: '0',
    viewtime: NOW,
    date: '2026-11-09 07:58:13',
  });
  t.match(await listed(t, app, '3'), { status: 'Answered', lastreply: '1 minute ago', admin_read: '1' });
  t.strictSame(await emails(app), [
    {
      id: '1',
      date: NOW,
      to: 'charlotte@evans-bakery.org',
      subject: `[Ticket #${NUMBER[3]}] Website down - account suspended?`,
      template: 'Ticket Reply',
      client_id: '3',
      related: { ticket_id: '3', reply_id: NEXT_REPLY },
    },
  ]);
});

t.test('a staff reply names its admin with replier_id', async (t) => {
  const app = await build(t);
  t.strictSame(await api(app, CALL, { id: NUMBER[2], body: 'Done.', type: 'Admin', replier_id: '2' }), answer('Answered'));
  t.match((await details(t, app, '2')).replies.at(-1), {
    replier_id: '2',
    name: 'Marta Kovacs',
    email: 'billing@lumenhost.net',
    type: 'Admin',
  });
});

t.test('a client reply: Client-Reply, from the ticket client or a contact of it, and no e-mail to the client', async (t) => {
  const app = await build(t);
  t.strictSame(await api(app, CALL, { id: NUMBER[2], body: 'Thank you!', type: 'Client' }), answer('Client-Reply'));
  t.strictSame(await api(app, CALL, { id: NUMBER[2], body: 'Received, Sabine', type: 'Client', replier_id: '11' }), answer('Client-Reply'));
  const read = await details(t, app, '2');
  t.strictSame(
    read.replies.slice(-2).map((r) => [r.replier_id, r.name, r.email, r.type, r.body]),
    [
      ['2', 'Bruno Keller', 'bruno.keller@keller-maschinenbau.de', 'Client', 'Thank you!'],
      ['11', 'Sabine Vogel', 's.vogel@keller-maschinenbau.de', 'Client', 'Received, Sabine'],
    ],
  );
  t.match(read.ticket, { status: 'Client-Reply', lastreply: NOW, admin_read: '0', client_read: '1', viewtime: '2026-11-02 11:30:27' });
  t.match(await listed(t, app, '2'), { status: 'Client-Reply', admin_read: '0' });
  t.strictSame(await emails(app), [], 'nothing is sent for a client reply');
});

t.test("a client reply reopens a Closed ticket; on a guest's ticket the guest writes", async (t) => {
  const app = await build(t);
  t.strictSame(await api(app, CALL, { id: NUMBER[1], body: 'The warning is back.', type: 'Client' }), answer('Client-Reply'));
  t.equal((await details(t, app, '1')).ticket.status, 'Client-Reply');

  t.strictSame(await api(app, CALL, { id: NUMBER[7], body: 'Any news?', type: 'Client' }), answer('Client-Reply'));
  t.match((await details(t, app, '7')).replies, [
    { replier_id: '0', name: 'Lukas Brenner', email: 'lukas@brenner-webdesign.at', type: 'Client' },
  ]);
  t.strictSame(await api(app, CALL, { id: NUMBER[7], body: 'Yes: see our reseller plans.' }), answer('Answered'));
  t.match(
    await emails(app),
    [{ to: 'lukas@brenner-webdesign.at', client_id: '0', template: 'Ticket Reply' }],
    'the guest hears of a staff reply',
  );
});

t.test('status_change wins over the status a reply implies', async (t) => {
  const app = await build(t);
  t.strictSame(await api(app, CALL, { id: NUMBER[4], body: 'Kernel updated, closing.', status_change: 'Closed' }), answer('Closed'));
  t.equal((await details(t, app, '4')).ticket.status, 'Closed');
  t.strictSame(
    await api(app, CALL, { id: NUMBER[4], body: 'One more thing', type: 'Client', status_change: 'In-Progress' }),
    answer('In-Progress'),
  );
  t.equal((await details(t, app, '4')).ticket.status, 'In-Progress');
  t.equal((await emails(app)).length, 1, 'the staff reply still e-mailed the client');
});

t.test('notify_client=0: the reply is added, no e-mail', async (t) => {
  const app = await build(t);
  t.strictSame(await api(app, CALL, { id: NUMBER[6], body: 'Server is up.', notify_client: '0' }), answer('Answered'));
  t.strictSame(await emails(app), []);
});

t.test("a reply's attachments are listed with its reply id", async (t) => {
  const app = await build(t);
  const params: WireParams = {
    id: NUMBER[6],
    body: 'Receipt checked, server started. Log attached.',
    'attachments[setup.log]': Buffer.from('cloud-init: done').toString('base64'),
  };
  const body = await sameEverywhereMutating(t, app, CALL, params);
  t.strictSame(body, answer('Answered'));
  t.strictSame((await details(t, app, '6', sessionOf('multipart'))).attachments, [
    { ticket_id: '6', reply_id: '10', filename: 'receipt-invoice-8.pdf', size: '52877' },
    { ticket_id: '6', reply_id: NEXT_REPLY, filename: 'setup.log', size: '16' },
  ]);
});

t.test('addTicketReply refusals change nothing', async (t) => {
  const app = await build(t);
  await refusedWith(t, app, CALL, [
    [{ id: '123456', body: 'x' }, 'Ticket #123456 not found'],
    [{ id: NUMBER[3], body: 'x', replier_id: '9' }, 'Admin 9 not found: a staff reply (type Admin) names an admin as replier_id'],
    [{ id: NUMBER[3], body: 'x', type: 'Client', replier_id: '99' }, 'Client 99 not found'],
    [
      { id: NUMBER[3], body: 'x', type: 'Client', replier_id: '1' },
      `Client 1 cannot reply to ticket #${NUMBER[3]} as the client: it belongs to client 3; give replier_id 3, one of its contacts, or leave replier_id out`,
    ],
    [
      { id: NUMBER[3], body: 'x', type: 'Client', replier_id: '10' },
      `Client 10 cannot reply to ticket #${NUMBER[3]} as the client: it belongs to client 3; give replier_id 3, one of its contacts, or leave replier_id out`,
    ],
    [
      { id: NUMBER[7], body: 'x', type: 'Client', replier_id: '1' },
      `Ticket #${NUMBER[7]} is a guest's ticket: a client reply on it takes no replier_id`,
    ],
    [
      { id: NUMBER[3], body: 'x', 'attachments[proof.png]': 'iVBORw0KGgo' },
      "Attachment proof.png is not valid base64: send the file's content base64-encoded as attachments[proof.png]",
    ],
  ]);
  t.strictSame(await emails(app), []);
});

refusals('addTicketReply parameter errors', CALL, [
  [{ body: 'x' }, 'Parameter id is required'],
  [{ id: NUMBER[3] }, 'Parameter body is required'],
  [{ id: '3', body: 'x' }, 'Parameter id must be a 6-digit ticket number, such as 814003'],
  [{ id: NUMBER[3], body: '' }, 'Parameter body must be a non-empty text'],
  [{ id: NUMBER[3], body: 'x', type: 'Staff' }, 'Parameter type must be one of: Admin, Client'],
  [{ id: NUMBER[3], body: 'x', replier_id: 'me' }, 'Parameter replier_id must be a positive whole number id, such as 1'],
  [
    { id: NUMBER[3], body: 'x', status_change: 'Resolved' },
    'Parameter status_change must be one of: Open, Answered, Client-Reply, In-Progress, Closed',
  ],
  [{ id: NUMBER[3], body: 'x', notify_client: 'maybe' }, 'Parameter notify_client must be one of: 0, 1'],
]);
