import t from 'tap';
import type { Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, assertError, assertSuccess, build, sameEverywhere, type WireParams, SERVER_TIME } from '../../helpers/app.js';
import { refusals } from '../../helpers/refusals.js';
import { idLister, read } from '../../helpers/reads.js';

const CALL = 'getClientTickets';

const ids = idLister(CALL, 'tickets');

/** Alice (client 1) has the bundled ticket 1; these add tickets 9-11 for her and 12 for Bruno. */
async function moreTickets(t: Test, app: FastifyInstance): Promise<void> {
  const open = async (params: WireParams) => assertSuccess(t, await api(app, 'addTicket', params), 'addTicket');
  await open({
    client_id: '1',
    asclient: '1',
    subject: 'Backup restore',
    body: 'Please restore last night backup.',
    request_type: 'Task',
    dept_id: '2',
  });
  await open({ client_id: '1', subject: 'Invoice address', body: 'New billing address.', dept_id: '1', owner_id: '2' });
  await open({
    client_id: '1',
    name: 'Tom Reed',
    email: 'tom.reed@morgan-design.com',
    subject: 'DNS',
    body: 'Add an MX record.',
    status: 'Answered',
  });
  await open({ client_id: '2', subject: 'Other client', body: 'Not Alice.' });
}

t.test("getClientTickets lists one client's tickets in getTickets' item shape", async (t) => {
  const app = await build(t);
  const body = await sameEverywhere(t, app, CALL, { id: '3' });
  assertSuccess(t, body, CALL);
  const all = await read(t, app, 'getTickets', { 'filter[ticket_number]': '589245' });
  t.strictSame(body, {
    success: true,
    tickets: all.tickets,
    sorter: { perpage: 25, totalpages: 1, sorterrecords: 1, sorterpage: 1 },
    call: CALL,
    server_time: SERVER_TIME,
  });
  t.match(body.tickets, [
    { id: '3', client_id: '3', tsubject: '#589245 - Website down - account suspended?', lastreply: '1 day ago', notes: '1' },
  ]);
});

t.test('newest first, oldest first with sort=ASC, paged', async (t) => {
  const app = await build(t);
  await moreTickets(t, app);
  t.strictSame(await ids(t, app, { id: '1' }), ['11', '10', '9', '1']);
  t.strictSame(await ids(t, app, { id: '1', sort: 'DESC' }), ['11', '10', '9', '1']);
  t.strictSame(await ids(t, app, { id: '1', sort: 'ASC' }), ['1', '9', '10', '11']);
  const page = assertSuccess(t, await api(app, CALL, { id: '1', sort: 'ASC', perpage: '3', page: '1' }), CALL);
  t.strictSame(
    (page.tickets as Array<{ id: string }>).map((x) => x.id),
    ['11'],
  );
  t.strictSame(page.sorter, { perpage: 3, totalpages: 2, sorterrecords: 4, sorterpage: 2 });
  t.strictSame(await ids(t, app, { id: '2' }), ['12', '2']);
});

t.test('getClientTickets filters', async (t) => {
  const app = await build(t);
  await moreTickets(t, app);
  const cases: Array<[WireParams, string[]]> = [
    [{ 'filter[status]': 'Open' }, ['10', '9']],
    [{ 'filter[status]': 'Closed' }, ['1']],
    [{ 'filter[request_type]': 'Task' }, ['9']],
    [{ 'filter[name]': 'tom' }, ['11']],
    [{ 'filter[email]': 'alice@' }, ['10', '9', '1']],
    [{ 'filter[dept_id]': '1' }, ['11', '10']],
    [{ 'filter[ticket_number]': '814003' }, ['1']],
    [{ 'filter[body]': 'mx record' }, ['11']],
    [{ 'filter[owner_id]': '2' }, ['10']],
    [{ 'filter[admin_read]': '0' }, ['9']],
    [{ 'filter[date]': '2026-11-20' }, ['11', '10', '9']],
    [{ 'filter[date]': '2026-11-20', 'filterop[date]': '=' }, ['11', '10', '9']],
    [{ 'filter[date]': '2026-11-20', 'filterop[date]': '<' }, ['1']],
    [{ 'filter[date]': '2026-10-05', 'filterop[date]': '>' }, ['11', '10', '9']],
    [{ 'filter[date]': '2026-10-05', 'filterop[date]': '!=' }, ['11', '10', '9']],
    [{ 'filterop[date]': '<' }, ['11', '10', '9', '1']],
    [{ 'filter[status]': '', 'filter[name]': '' }, ['11', '10', '9', '1']],
    [{ 'filter[status]': 'Open', 'filter[dept_id]': '1' }, ['10']],
  ];
  for (const [params, expected] of cases) t.strictSame(await ids(t, app, { id: '1', ...params }), expected, JSON.stringify(params));
});

t.test('a contact has no tickets of its own; an unknown client is an error', async (t) => {
  const app = await build(t);
  t.strictSame(await ids(t, app, { id: '10' }), [], 'contact 10 of client 1');
  t.strictSame(await ids(t, app, { id: '9' }), [], 'a client without tickets');
  assertError(t, await api(app, CALL, { id: '99' }), CALL, ['Client 99 not found']);
});

refusals('getClientTickets parameter errors', CALL, [
  [{}, 'Parameter id is required'],
  [{ id: 'alice' }, 'Parameter id must be a positive whole number id, such as 1'],
  [{ id: '1', sort: 'asc' }, 'Parameter sort must be one of: ASC, DESC'],
  [
    { id: '1', 'filter[status]': 'open' },
    'Parameter filter[status] must be a ticket status: Open, Answered, Client-Reply, In-Progress or Closed',
  ],
  [{ id: '1', 'filter[tag]': 'vip' }, 'Parameter filter[tag] must be absent: it is not a known key here'],
  [{ id: '1', 'filterop[date]': '<=' }, 'Parameter filterop[date] must be one of: =, <, >, !='],
  [{ id: '1', 'filter[date]': '2026-02-30' }, 'Parameter filter[date] must be a date as YYYY-MM-DD'],
]);
