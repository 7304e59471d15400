import t from 'tap';
import {
  api,
  assertError,
  assertSuccess,
  build,
  noScanOf,
  sameEverywhere,
  storeJson,
  SERVER_TIME,
  readContext,
} from '../../helpers/app.js';
import { NUMBER } from '../../helpers/tickets.js';
import getTicketDetails from '../../../src/operations/tickets/getTicketDetails.js';
import { Seed, World } from '../../../src/store/world.js';
import { loadFixtures } from '../../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../../src/paths.js';

const CALL = 'getTicketDetails';

const SSL_TICKET = {
  ticket: {
    id: '1',
    date: '2026-10-05 09:12:40',
    lastreply: '2026-10-05 14:20:05',
    ticket_number: '814003',
    acc_hash: '7we19m',
    dept_id: '2',
    client_id: '1',
    name: 'Alice Morgan',
    email: 'alice@morgan-design.com',
    cc: '',
    subject: 'SSL warning on morgan-design.com',
    body:
      'Hello,\r\n\r\nSince this morning visitors get a "Your connection is not private" warning on https://morgan-design.com. ' +
      'The PositiveSSL certificate was renewed last week, so I am not sure what went wrong. Screenshot attached.\r\n\r\nThanks,\r\nAlice',
    status: 'Closed',
    priority: '1',
    admin_read: '1',
    client_read: '1',
    type: 'Client',
    deptname: 'Technical Support',
    viewtime: '2026-10-05 14:31:50',
  },
  replies: [
    {
      id: '1',
      ticket_id: '1',
      replier_id: '1',
      name: 'Olivia Grant',
      email: 'olivia.grant@lumenhost.net',
      date: '2026-10-05 10:03:11',
      body:
        'Hello Alice,\r\n\r\nthank you for the screenshot. The renewed certificate was issued correctly, but the intermediate ' +
        'certificate was missing from the installation, so some browsers could not verify the chain. We have installed the full ' +
        'chain now; please clear your browser cache and try again.\r\n\r\nKind regards,\r\nOlivia Grant\r\nLumenHost Support',
      status: 'Sent',
      type: 'Admin',
    },
    {
      id: '2',
      ticket_id: '1',
      replier_id: '1',
      name: 'Alice Morgan',
      email: 'alice@morgan-design.com',
      date: '2026-10-05 14:20:05',
      body: 'All good now, the warning is gone on every browser we tried. Thanks for the quick fix!',
      status: 'Sent',
      type: 'Client',
    },
  ],
  attachments: [{ ticket_id: '1', reply_id: '0', filename: 'ssl-warning.png', size: '48213' }],
  notes: [],
};

t.test('getTicketDetails answers the ticket, its replies, attachments and notes in the published shape', async (t) => {
  const app = await build(t);
  const body = await sameEverywhere(t, app, CALL, { id: NUMBER[1] });
  assertSuccess(t, body, CALL);
  t.strictSame(body, { success: true, ...SSL_TICKET, call: CALL, server_time: SERVER_TIME });
  t.strictSame(Object.keys(body), ['success', 'ticket', 'replies', 'attachments', 'notes', 'call', 'server_time']);
  t.strictSame(Object.keys(body.ticket as object), Object.keys(SSL_TICKET.ticket), 'ticket keys in the published order');
});

t.test('notes, a reply with a file, and a ticket staff opened', async (t) => {
  const app = await build(t);
  const emma = assertSuccess(t, await api(app, CALL, { id: NUMBER[4] }), CALL);
  t.strictSame(emma.notes, [
    {
      id: '1',
      ticket_id: '4',
      admin_id: '1',
      name: 'Olivia Grant',
      email: 'olivia.grant@lumenhost.net',
      date: '2026-11-17 08:12:30',
      note: 'Snapshot of the VPS taken before the update. Reboot window agreed: 02:00-03:00 CET.',
    },
  ]);
  t.match(emma.ticket, { status: 'In-Progress', ticket_number: NUMBER[4] });

  const grace = assertSuccess(t, await api(app, CALL, { id: NUMBER[6] }), CALL);
  t.strictSame(grace.attachments, [{ ticket_id: '6', reply_id: '10', filename: 'receipt-invoice-8.pdf', size: '52877' }]);
  t.strictSame(
    (grace.replies as Array<{ id: string; type: string }>).map((r) => [r.id, r.type]),
    [
      ['9', 'Admin'],
      ['10', 'Client'],
    ],
  );

  const daniel = assertSuccess(t, await api(app, CALL, { id: NUMBER[5] }), CALL);
  t.match(daniel.ticket, { type: 'Admin', status: 'Answered', client_id: '4', admin_read: '1', client_read: '0' });

  const guest = assertSuccess(t, await api(app, CALL, { id: NUMBER[7] }), CALL);
  t.match(guest.ticket, { client_id: '0', name: 'Lukas Brenner', viewtime: '0000-00-00 00:00:00', deptname: 'Sales' });
  t.strictSame([guest.replies, guest.attachments, guest.notes], [[], [], []]);
});

t.test('reading a ticket changes nothing', async (t) => {
  const app = await build(t);
  const before = storeJson(app);
  for (const number of Object.values(NUMBER)) assertSuccess(t, await api(app, CALL, { id: number }), CALL);
  t.equal(storeJson(app), before);
});

t.test('getTicketDetails takes the ticket number, not the internal id', async (t) => {
  const app = await build(t);
  assertError(t, await api(app, CALL, { id: '123456' }), CALL, ['Ticket #123456 not found']);
  assertError(t, await api(app, CALL, { id: '1' }), CALL, ['Parameter id must be a 6-digit ticket number, such as 814003']);
  assertError(t, await api(app, CALL, { id: '0814003' }), CALL, ['Parameter id must be a 6-digit ticket number, such as 814003']);
  assertError(t, await api(app, CALL), CALL, ['Parameter id is required']);
});

t.test('getTicketDetails finds a ticket by its number through an index, never a scan', async (t) => {
  const world = new World(new Seed(loadFixtures(defaultFixturesDir)));
  noScanOf(world, 'tickets');
  noScanOf(world, 'ticket_replies');
  const result = getTicketDetails.run({ id: NUMBER[1] }, readContext(world));
  t.strictSame(result, SSL_TICKET);
});
