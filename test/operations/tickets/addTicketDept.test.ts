import t from 'tap';
import { api, assertSuccess, build, SERVER_TIME } from '../../helpers/app.js';
import { read } from '../../helpers/reads.js';
import { refusals, refusedEach } from '../../helpers/refusals.js';
import { sameEverywhereMutating, sameRecordInEachSession } from '../../helpers/sessions.js';

const CALL = 'addTicketDept';
const ABUSE = { name: 'Abuse', email: 'abuse@lumenhost.net' };
const CREATED = { success: true, dept_id: '4', call: CALL, server_time: SERVER_TIME, info: ['Ticket department has been created'] };
// Admins 1 and 2 are Active; admin 3 is Inactive.
const NEW_DEPT = {
  id: '4',
  name: 'Abuse',
  description: '',
  email: 'abuse@lumenhost.net',
  visible: '1',
  assigned_admins: { 1: '1', 2: '2' },
  tickets: '0',
};

const depts = async (t: Parameters<typeof read>[0], app: Parameters<typeof read>[1], session?: string) =>
  (await read(t, app, 'getTicketDepts', {}, session)).depts as Array<Record<string, unknown>>;

t.test('addTicketDept creates a department getTicketDepts lists and addTicket files under', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, ABUSE);
  assertSuccess(t, body, CALL);
  t.strictSame(body, CREATED);
  t.strictSame(Object.keys(body), ['success', 'dept_id', 'call', 'server_time', 'info'], 'the id, then the envelope, then info');
  const listed = await depts(t, app);
  t.strictSame(listed.at(-1), NEW_DEPT, 'visible, no description, every Active admin assigned');
  t.equal(listed.length, 4);

  const opened = await api(app, 'addTicket', { client_id: '1', dept_id: '4', subject: 'Spam from my site?', body: 'A report came in.' });
  assertSuccess(t, opened, 'addTicket');
  t.equal((await depts(t, app)).at(-1)!.tickets, '1', 'the ticket is filed under the new department');
});

t.test('addTicketDept takes the mail-import parameters the vendor lists, and keeps none of them', async (t) => {
  const app = await build(t);
  const mail = { method: 'POP', host: 'mail.lumenhost.net', login: 'abuse', password: 'Secret-Pop-1', port: '995' };
  t.strictSame(await api(app, CALL, { ...ABUSE, ...mail }), CREATED);
  t.strictSame((await depts(t, app)).at(-1), NEW_DEPT);
});

t.test('addTicketDept works the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  t.strictSame(await sameEverywhereMutating(t, app, CALL, ABUSE), CREATED, 'each encoding answers alike');
  const record = await sameRecordInEachSession(t, async (session) => (await depts(t, app, session)).at(-1));
  t.strictSame(record, NEW_DEPT);
});

t.test('addTicketDept refuses a missing email and name with the published messages, together', async (t) => {
  const app = await build(t);
  await refusedEach(t, app, CALL, [
    ['an empty email', { name: 'Abuse', email: '' }, 'Email cannot be empty'],
    ['a blank name', { name: '  ', email: 'abuse@lumenhost.net' }, 'Department name cannot be empty'],
  ]);
  const both = await api(app, CALL, {});
  // The published sample: both messages at once.
  t.strictSame(both, {
    success: false,
    call: CALL,
    server_time: SERVER_TIME,
    error: ['Email cannot be empty', 'Department name cannot be empty'],
  });
  t.equal((await depts(t, app)).length, 3, 'no department was added');
});

refusals('addTicketDept parameter errors', CALL, [
  [{ ...ABUSE, email: 'abuse' }, 'Parameter email must be a valid email address, such as support@example.com'],
  [{ ...ABUSE, name: 'x'.repeat(256) }, 'Parameter name must be a text of at most 255 characters'],
  [{ ...ABUSE, method: 'IMAP' }, 'Parameter method must be one of: POP, PIPE'],
  [{ ...ABUSE, port: '70000' }, 'Parameter port must be a port number from 1 to 65535'],
]);
