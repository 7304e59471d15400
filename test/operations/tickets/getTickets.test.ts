import t from 'tap';
import { api, assertSuccess, build, sameEverywhere, type WireParams, SERVER_TIME } from '../../helpers/app.js';
import { keyOrder } from '../../helpers/shapes.js';
import { refusals } from '../../helpers/refusals.js';
import { idLister } from '../../helpers/reads.js';
import { NUMBER } from '../../helpers/tickets.js';

const CALL = 'getTickets';

const item = (
  id: string,
  fields: { type?: string; admin_read: string; names: [string, string]; date: string; lastreply: string; dept: [string, string] },
  rest: { name: string; client_id: string; status: string; subject: string; priority: string; notes?: string },
) => ({
  admin_read: fields.admin_read,
  id,
  type: fields.type ?? 'Client',
  firstname: fields.names[0],
  lastname: fields.names[1],
  date: fields.date,
  lastreply: fields.lastreply,
  dept_id: fields.dept[0],
  name: rest.name,
  client_id: rest.client_id,
  status: rest.status,
  ticket_number: NUMBER[id],
  tsubject: `#${NUMBER[id]} - ${rest.subject}`,
  deptname: fields.dept[1],
  priority: rest.priority,
  notes: rest.notes ?? '0',
});

const BILLING: [string, string] = ['1', 'Billing'];
const TECH: [string, string] = ['2', 'Technical Support'];
const SALES: [string, string] = ['3', 'Sales'];

/** Every bundled ticket, newest first, seen at the tests' clock (2026-11-20 12:00). */
const ALL = [
  item(
    '8',
    { admin_read: '0', names: ['Farid', 'Haddad'], date: '2026-11-20 09:47:15', lastreply: '2 hours ago', dept: SALES },
    { name: 'Farid Haddad', client_id: '6', status: 'Open', subject: 'Moving our shop to a VPS', priority: '0' },
  ),
  item(
    '7',
    { admin_read: '0', names: ['', ''], date: '2026-11-19 18:05:31', lastreply: '17 hours ago', dept: SALES },
    { name: 'Lukas Brenner', client_id: '0', status: 'Open', subject: 'Reseller hosting for about 20 client sites', priority: '0' },
  ),
  item(
    '6',
    { admin_read: '0', names: ['Grace', 'Liu'], date: '2026-11-19 08:30:00', lastreply: '44 minutes ago', dept: TECH },
    { name: 'Grace Liu', client_id: '7', status: 'Client-Reply', subject: 'Cloud Flex server still pending', priority: '2' },
  ),
  item(
    '5',
    { type: 'Admin', admin_read: '1', names: ['Daniel', 'Kowalski'], date: '2026-11-14 10:00:00', lastreply: '5 days ago', dept: TECH },
    {
      name: 'Daniel Kowalski',
      client_id: '4',
      status: 'Answered',
      subject: 'Action needed: approve the transfer of kowalski-foto.net',
      priority: '1',
    },
  ),
  item(
    '4',
    { admin_read: '1', names: ['Emma', 'Laurent'], date: '2026-11-12 13:22:09', lastreply: '3 days ago', dept: TECH },
    {
      name: 'Emma Laurent',
      client_id: '5',
      status: 'In-Progress',
      subject: 'Kernel update on srv.laurent-conseil.fr',
      priority: '1',
      notes: '1',
    },
  ),
  item(
    '3',
    { admin_read: '1', names: ['Charlotte', 'Evans'], date: '2026-11-09 07:58:13', lastreply: '1 day ago', dept: BILLING },
    {
      name: 'Charlotte Evans',
      client_id: '3',
      status: 'Client-Reply',
      subject: 'Website down - account suspended?',
      priority: '2',
      notes: '1',
    },
  ),
  item(
    '2',
    { admin_read: '1', names: ['Bruno', 'Keller'], date: '2026-11-02 08:45:00', lastreply: 'Nov 2nd', dept: BILLING },
    { name: 'Bruno Keller', client_id: '2', status: 'Answered', subject: 'VAT ID missing on our invoices', priority: '0' },
  ),
  item(
    '1',
    { admin_read: '1', names: ['Alice', 'Morgan'], date: '2026-10-05 09:12:40', lastreply: 'Oct 5th', dept: TECH },
    { name: 'Alice Morgan', client_id: '1', status: 'Closed', subject: 'SSL warning on morgan-design.com', priority: '1' },
  ),
];

const ids = idLister(CALL, 'tickets');

t.test('getTickets lists every ticket newest first in the published item shape, with a sorter', async (t) => {
  const app = await build(t);
  const body = await sameEverywhere(t, app, CALL, {});
  assertSuccess(t, body, CALL);
  t.strictSame(body, {
    success: true,
    tickets: ALL,
    sorter: { perpage: 25, totalpages: 1, sorterrecords: 8, sorterpage: 1 },
    call: CALL,
    server_time: SERVER_TIME,
  });
  keyOrder(
    t,
    ALL[0],
    'admin_read id type firstname lastname date lastreply dept_id name client_id status ticket_number tsubject deptname priority notes',
  );
});

t.test('lastreply reads from the session clock', async (t) => {
  const app = await build(t, { now: new Date('2026-11-23T09:00:00Z') });
  const body = assertSuccess(t, await api(app, CALL), CALL);
  t.strictSame(
    (body.tickets as Array<{ id: string; lastreply: string }>).map((x) => [x.id, x.lastreply]),
    [
      ['8', '2 days ago'],
      ['7', '3 days ago'],
      ['6', '2 days ago'],
      ['5', 'Nov 15th'],
      ['4', '6 days ago'],
      ['3', '4 days ago'],
      ['2', 'Nov 2nd'],
      ['1', 'Oct 5th'],
    ],
  );
});

t.test('filter[list] picks a status; a plain list is read when filter[list] is absent', async (t) => {
  const app = await build(t);
  const lists: Record<string, string[]> = {
    all: ['8', '7', '6', '5', '4', '3', '2', '1'],
    open: ['8', '7'],
    'client-reply': ['6', '3'],
    'in-progress': ['4'],
    answered: ['5', '2'],
    closed: ['1'],
  };
  for (const [list, expected] of Object.entries(lists)) {
    t.strictSame(await ids(t, app, { 'filter[list]': list }), expected, `filter[list]=${list}`);
    t.strictSame(await ids(t, app, { list }), expected, `list=${list}`);
  }
  t.strictSame(await ids(t, app, { list: 'closed', 'filter[list]': 'open' }), ['8', '7'], 'filter[list] wins');
  t.strictSame(await ids(t, app, { 'filter[list]': '' }), lists.all, 'an empty filter[list] lists all');
});

t.test('dept and the filters', async (t) => {
  const app = await build(t);
  const cases: Array<[WireParams, string[]]> = [
    [{ dept: '2' }, ['6', '5', '4', '1']],
    [{ 'filter[dept_id]': '1' }, ['3', '2']],
    [{ dept: '2', 'filter[list]': 'answered' }, ['5']],
    [{ dept: '9' }, []],
    [{ 'filter[ticket_number]': NUMBER[5] }, ['5']],
    [{ 'filter[name]': 'liu' }, ['6']],
    [{ 'filter[email]': 'lumenhost' }, []],
    [{ 'filter[email]': '.de' }, ['2']],
    [{ 'filter[body]': 'WordPress' }, ['7']],
    [{ 'filter[request_type]': 'Question' }, ['8', '7', '6', '2']],
    [{ 'filter[owner_id]': '2' }, ['3']],
    [{ 'filter[admin_read]': '0' }, ['8', '7', '6']],
    [{ 'filter[date]': '2026-11-19' }, ['7', '6']],
    [{ 'filter[name]': '', 'filter[date]': '', 'filter[admin_read]': '' }, ['8', '7', '6', '5', '4', '3', '2', '1']],
  ];
  for (const [params, expected] of cases) t.strictSame(await ids(t, app, params), expected, JSON.stringify(params));
});

t.test('getTickets pages newest first', async (t) => {
  const app = await build(t);
  const body = assertSuccess(t, await api(app, CALL, { perpage: '3', page: '1' }), CALL);
  t.strictSame(
    (body.tickets as Array<{ id: string }>).map((x) => x.id),
    ['5', '4', '3'],
  );
  t.strictSame(body.sorter, { perpage: 3, totalpages: 3, sorterrecords: 8, sorterpage: 2 });
  const last = assertSuccess(t, await api(app, CALL, { perpage: '3', page: '2', 'filter[list]': 'all' }), CALL);
  t.strictSame(
    (last.tickets as Array<{ id: string }>).map((x) => x.id),
    ['2', '1'],
  );
  t.strictSame(assertSuccess(t, await api(app, CALL, { page: '5' }), CALL).tickets, []);
});

refusals('getTickets parameter errors', CALL, [
  [{ 'filter[list]': 'pending' }, 'Parameter filter[list] must be one of all, open, client-reply, in-progress, answered, closed'],
  [{ list: 'Open' }, 'Parameter list must be one of all, open, client-reply, in-progress, answered, closed'],
  [{ 'filter[tag]': 'vip' }, 'Parameter filter[tag] must be absent: it is not a known key here'],
  [
    { 'filter[request_type]': 'Bug' },
    'Parameter filter[request_type] must be a request type: General, Incident, Problem, Task or Question',
  ],
  [{ 'filter[date]': '19.11.2026' }, 'Parameter filter[date] must be a date as YYYY-MM-DD'],
  [{ 'filter[date]': '2026-11-31' }, 'Parameter filter[date] must be a date as YYYY-MM-DD'],
  [{ 'filter[admin_read]': 'maybe' }, 'Parameter filter[admin_read] must be 0 or 1'],
  [{ dept: 'sales' }, 'Parameter dept must be a positive whole number id, such as 1'],
  [{ page: '-1' }, 'Parameter page must be a page number counted from 0'],
]);
