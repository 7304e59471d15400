import t from 'tap';
import type { Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { CREDENTIALS, api, assertError, assertSuccess, build, storeJson, type WireParams, SERVER_TIME } from '../../helpers/app.js';
import { read } from '../../helpers/reads.js';
import { sameEverywhereMutating, sessionOf } from '../../helpers/sessions.js';
import { refusedAtOnce, refusedWith } from '../../helpers/refusals.js';
import { NEXT_ID, NEXT_NUMBER, emails } from '../../helpers/tickets.js';

const CALL = 'addTicket';
const NOW = '2026-11-20 12:00:00';
const CREATED = {
  success: true,
  ticket_id: Number(NEXT_NUMBER),
  call: CALL,
  server_time: SERVER_TIME,
  info: ['New ticket has been created'],
};
// "Disk usage report" and 1024 zero bytes, base64-encoded.
const REPORT = Buffer.from('Disk usage report').toString('base64');
const ZEROS = Buffer.alloc(1024).toString('base64');

const ALICE: WireParams = {
  client_id: '1',
  asclient: '1',
  dept_id: '2',
  subject: 'Mailbox full',
  body: 'Hello,\r\n\r\nour info@ mailbox stopped receiving mail. Can you raise its quota?',
  'attachments[usage.txt]': REPORT,
  'attachments[zeros.bin]': ZEROS,
};

async function details(t: Test, app: FastifyInstance, id = NEXT_NUMBER, session?: string) {
  return assertSuccess(t, await api(app, 'getTicketDetails', { id }, { session }), 'getTicketDetails');
}

t.test("addTicket opens a client's ticket as the client: the published answer, the ticket as it reads back", async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, ALICE);
  assertSuccess(t, body, CALL);
  t.strictSame(body, CREATED);
  t.strictSame(Object.keys(body), ['success', 'ticket_id', 'call', 'server_time', 'info'], 'keys in the published order');
  t.type(body.ticket_id, 'number', 'ticket_id is a JSON number: the ticket number');

  t.strictSame(await details(t, app), {
    ticket: {
      id: NEXT_ID,
      date: NOW,
      lastreply: NOW,
      ticket_number: NEXT_NUMBER,
      acc_hash: 'z3g776',
      dept_id: '2',
      client_id: '1',
      name: 'Alice Morgan',
      email: 'alice@morgan-design.com',
      cc: '',
      subject: 'Mailbox full',
      body: 'Hello,\r\n\r\nour info@ mailbox stopped receiving mail. Can you raise its quota?',
      status: 'Open',
      priority: '0',
      admin_read: '0',
      client_read: '1',
      type: 'Client',
      deptname: 'Technical Support',
      viewtime: '0000-00-00 00:00:00',
    },
    replies: [],
    attachments: [
      { ticket_id: NEXT_ID, reply_id: '0', filename: 'usage.txt', size: '17' },
      { ticket_id: NEXT_ID, reply_id: '0', filename: 'zeros.bin', size: '1024' },
    ],
    notes: [],
  });
  const listed = (await read(t, app, 'getTickets', { perpage: '1' })).tickets;
  t.strictSame(listed, [
    {
      admin_read: '0',
      id: NEXT_ID,
      type: 'Client',
      firstname: 'Alice',
      lastname: 'Morgan',
      date: NOW,
      lastreply: '1 minute ago',
      dept_id: '2',
      name: 'Alice Morgan',
      client_id: '1',
      status: 'Open',
      ticket_number: NEXT_NUMBER,
      tsubject: `#${NEXT_NUMBER} - Mailbox full`,
      deptname: 'Technical Support',
      priority: '0',
      notes: '0',
    },
  ]);
  t.strictSame(await emails(app), [
    {
      id: '1',
      date: NOW,
      to: 'alice@morgan-design.com',
      subject: `We have received your ticket #${NEXT_NUMBER}: Mailbox full`,
      template: 'Ticket Opened',
      client_id: '1',
      related: { ticket_id: NEXT_ID },
    },
  ]);
});

t.test('attachments keep their names and sizes only: the content is stored and journalled nowhere', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, CALL, ALICE, { via: 'multipart' }), CALL);
  const stored = app.billsim.sessions.get('default').world.get('tickets', NEXT_ID)!;
  t.strictSame(stored.attachments, [
    { filename: 'usage.txt', size: '17' },
    { filename: 'zeros.bin', size: '1024' },
  ]);
  t.notOk(storeJson(app).includes(REPORT), 'the content is not in the store');
  const journal = (await app.inject({ method: 'GET', url: '/__billsim/requests?call=addTicket' })).json();
  t.strictSame(
    journal.requests[0].params.attachments,
    { 'usage.txt': '[redacted]', 'zeros.bin': '[redacted]' },
    'the journal keeps the names',
  );
  t.notOk(JSON.stringify(journal).includes(REPORT), 'nor in the request journal');
});

t.test('addTicket by staff: name, email, department, status, priority, type, owner, cc and a note as given', async (t) => {
  const app = await build(t);
  const params: WireParams = {
    client_id: '4',
    name: 'Daniel K.',
    dept_id: '3',
    subject: 'Your renewal quote',
    body: 'Hello Daniel,\r\nhere is the quote you asked for.',
    status: 'In-Progress',
    priority: '3',
    request_type: 'Task',
    owner_id: '2',
    cc: ' studio@kowalski-foto.net , accounts@kowalski-foto.net',
    notes: 'Quote agreed by phone on 19 November.',
  };
  t.strictSame(await api(app, CALL, params), CREATED);
  const read = await details(t, app);
  t.match(read.ticket, {
    client_id: '4',
    name: 'Daniel K.',
    email: 'daniel@kowalski-foto.net',
    cc: 'studio@kowalski-foto.net,accounts@kowalski-foto.net',
    dept_id: '3',
    deptname: 'Sales',
    status: 'In-Progress',
    priority: '3',
    type: 'Admin',
    admin_read: '1',
    client_read: '0',
    viewtime: NOW,
  });
  t.strictSame(read.notes, [
    {
      id: '3',
      ticket_id: NEXT_ID,
      admin_id: '1',
      name: 'Olivia Grant',
      email: 'olivia.grant@lumenhost.net',
      date: NOW,
      note: 'Quote agreed by phone on 19 November.',
    },
  ]);
  const stored = app.billsim.sessions.get('default').world.get('tickets', NEXT_ID)!;
  t.match(stored, { request_type: 'Task', owner_id: '2' });
  const filtered = assertSuccess(
    t,
    await api(app, 'getTickets', { 'filter[owner_id]': '2', 'filter[request_type]': 'Task' }),
    'getTickets',
  );
  t.strictSame(
    (filtered.tickets as Array<{ id: string; notes: string }>).map((x) => [x.id, x.notes]),
    [[NEXT_ID, '1']],
  );
  t.strictSame(
    (await emails(app)).map((e) => [e.to, e.subject, e.template]),
    [['daniel@kowalski-foto.net', `New support ticket #${NEXT_NUMBER}: Your renewal quote`, 'Ticket Opened']],
    'the client hears of the ticket staff opened, at its own address (not the cc)',
  );
});

t.test("a guest's ticket: name and email given, client 0; defaults: Open, priority 0, General, the first department", async (t) => {
  const app = await build(t);
  const guest = { name: 'Mira Stein', email: 'mira@stein.example', subject: 'Do you host Node.js?', body: 'Hi, which plan runs Node 20?' };
  for (const params of [guest, { ...guest, client_id: '0' }]) {
    const session = `guest-${params === guest ? 'plain' : 'zero'}`;
    assertSuccess(t, await api(app, CALL, { ...params, asclient: '1' }, { session }), CALL);
    const read = await details(t, app, NEXT_NUMBER, session);
    t.match(read.ticket, { client_id: '0', name: 'Mira Stein', email: 'mira@stein.example', status: 'Open', priority: '0', dept_id: '1' });
    const stored = app.billsim.sessions.get(session).world.get('tickets', NEXT_ID)!;
    t.equal(stored.request_type, 'General');
    t.equal(stored.owner_id, '0');
    const item = (assertSuccess(t, await api(app, 'getTickets', { perpage: '1' }, { session }), 'getTickets').tickets as object[])[0];
    t.match(item, { firstname: '', lastname: '', name: 'Mira Stein', client_id: '0' }, 'a guest has no client names');
    t.strictSame(
      (await emails(app, session)).map((e) => [e.to, e.client_id, e.template]),
      [['mira@stein.example', '0', 'Ticket Opened']],
    );
  }
});

t.test('notify_client=0 records no e-mail', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, CALL, { ...ALICE, notify_client: '0' }), CALL);
  assertSuccess(t, await api(app, CALL, { client_id: '3', subject: 'Staff ticket', body: 'x', notify_client: '0' }), CALL);
  t.strictSame(await emails(app), []);
  assertSuccess(t, await api(app, CALL, { client_id: '3', subject: 'Staff ticket', body: 'x', notify_client: '1' }), CALL);
  t.equal((await emails(app)).length, 1, 'notify_client=1 is the default');
});

t.test('addTicket works the same through GET, urlencoded, multipart and JSON, attachments included', async (t) => {
  const app = await build(t);
  const body = await sameEverywhereMutating(t, app, CALL, ALICE);
  t.strictSame(body, CREATED);
  const { 'attachments[usage.txt]': usage, 'attachments[zeros.bin]': zeros, ...rest } = ALICE;
  const response = await app.inject({
    method: 'POST',
    url: '/admin/api.php',
    headers: { 'content-type': 'application/json', 'x-billsim-session': sessionOf('json') },
    payload: JSON.stringify({ call: CALL, ...CREDENTIALS, ...rest, attachments: { 'usage.txt': usage, 'zeros.bin': zeros } }),
  });
  t.strictSame(response.json(), CREATED);
  t.equal(storeJson(app, sessionOf('json')), storeJson(app, sessionOf('get')), 'JSON leaves the state GET leaves');
});

t.test('addTicket refusals change nothing', async (t) => {
  const app = await build(t);
  const base = { subject: 'S', body: 'B' };
  await refusedWith(t, app, CALL, [
    [{ ...base, client_id: '99' }, 'Client 99 not found'],
    [
      { ...base, client_id: '10' },
      "Client 10 is a contact of client 1, not a main client: open the ticket for client 1, giving the contact's name and email",
    ],
    [{ ...base, client_id: '1', dept_id: '9' }, 'Ticket department 9 not found'],
    [{ ...base, client_id: '1', owner_id: '7' }, 'Admin 7 not found'],
    [{ ...base, email: 'x@example.com' }, 'Parameter name is required when no client_id is given'],
    [{ ...base, name: 'X', client_id: '0' }, 'Parameter email is required when no client_id is given'],
    [
      { ...base, client_id: '1', 'attachments[ok.txt]': REPORT, 'attachments[scan.pdf]': 'not base64!' },
      "Attachment scan.pdf is not valid base64: send the file's content base64-encoded as attachments[scan.pdf]",
    ],
    [
      { ...base, client_id: '1', 'attachments[a/b.txt]': REPORT },
      'Attachment name "a/b.txt" is not a file name: give 1 to 255 characters without / or \\ as attachments[<file name>]',
    ],
  ]);
  const both = await api(app, CALL, base);
  assertError(t, both, CALL, [
    'Parameter name is required when no client_id is given',
    'Parameter email is required when no client_id is given',
  ]);
  t.strictSame(await emails(app), [], 'no e-mail either');
});

t.test('addTicket parameter errors', async (t) => {
  const app = await build(t);
  const ok = { client_id: '1', subject: 'S', body: 'B' };
  const tooMany = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`attachments[f${i}.txt]`, 'AAAA']));
  await refusedWith(t, app, CALL, [
    [{ client_id: '1', body: 'B' }, 'Parameter subject is required'],
    [{ client_id: '1', subject: 'S' }, 'Parameter body is required'],
    [{ ...ok, body: '' }, 'Parameter body must be a non-empty text'],
    [{ ...ok, subject: 'x'.repeat(256) }, 'Parameter subject must be a non-empty text of at most 255 characters'],
    [{ ...ok, status: 'Pending' }, 'Parameter status must be one of: Open, Answered, Client-Reply, In-Progress, Closed'],
    [{ ...ok, priority: '4' }, 'Parameter priority must be one of: 0, 1, 2, 3'],
    [{ ...ok, request_type: 'Bug' }, 'Parameter request_type must be one of: General, Incident, Problem, Task, Question'],
    [{ ...ok, email: 'alice' }, 'Parameter email must be a valid email address, such as jane@example.com'],
    [
      { ...ok, cc: 'a@example.com; b@example.com' },
      'Parameter cc must be comma-separated e-mail addresses, such as jane@example.com,joe@example.com',
    ],
    [{ ...ok, client_id: 'one' }, 'Parameter client_id must be 0 or a positive whole number id'],
    [{ ...ok, dept_id: '0' }, 'Parameter dept_id must be a positive whole number id, such as 1'],
    [{ ...ok, asclient: 'maybe' }, 'Parameter asclient must be one of: 0, 1'],
    [
      { ...ok, attachments: REPORT },
      'Parameter attachments must be a set of at most 20 files such as attachments[report.pdf]=<base64 content>',
    ],
    [{ ...ok, ...tooMany }, 'Parameter attachments must be a set of at most 20 files such as attachments[report.pdf]=<base64 content>'],
  ]);
});

t.test('addTicket answers the problems of its client, department and owner at once', async (t) => {
  const app = await build(t);
  await refusedAtOnce(t, app, 'addTicket', { client_id: '99', dept_id: '99', subject: 'a', body: 'b', owner_id: '99' }, [
    'Client 99 not found',
    'Ticket department 99 not found',
    'Admin 99 not found',
  ]);
});
