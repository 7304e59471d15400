import t from 'tap';
import { api, assertSuccess, build, SERVER_TIME } from '../../helpers/app.js';
import { read } from '../../helpers/reads.js';
import { refusals } from '../../helpers/refusals.js';
import { sameEverywhereMutating } from '../../helpers/sessions.js';
import { NUMBER, emails } from '../../helpers/tickets.js';

const CALL = 'addTicketNotes';
const UPDATED = { success: true, call: CALL, server_time: SERVER_TIME, info: ['Ticket notes updated'] };
const NOTE = 'Client confirmed the reboot window by phone.';
// Admin 1 of the bundled world; API calls act as admin 1.
const BY_API = { admin_id: '1', name: 'Olivia Grant', email: 'olivia.grant@lumenhost.net' };

t.test('addTicketNotes adds a staff note getTicketDetails lists after the earlier ones', async (t) => {
  const app = await build(t);
  const before = await read(t, app, 'getTicketDetails', { id: NUMBER[4] });
  const body = await api(app, CALL, { id: NUMBER[4], notes: NOTE });
  assertSuccess(t, body, CALL);
  t.strictSame(body, UPDATED, 'the published answer');
  t.strictSame(Object.keys(body), ['success', 'call', 'server_time', 'info']);
  const after = await read(t, app, 'getTicketDetails', { id: NUMBER[4] });
  const notes = before.notes as object[];
  t.strictSame(
    after,
    {
      ...before,
      notes: [...notes, { id: '3', ticket_id: '4', ...BY_API, date: '2026-11-20 12:00:00', note: NOTE }],
    },
    'one more note; the ticket, its replies and its earlier note stay as they were',
  );
  t.strictSame(await emails(app), [], 'a staff note sends the client nothing');
});

t.test('addTicketNotes keeps every note given, in order', async (t) => {
  const app = await build(t);
  for (const note of ['First call.', 'Second call.']) t.strictSame(await api(app, CALL, { id: NUMBER[7], notes: note }), UPDATED);
  const { notes } = await read(t, app, 'getTicketDetails', { id: NUMBER[7] });
  t.strictSame(
    (notes as Array<{ note: string }>).map((n) => n.note),
    ['First call.', 'Second call.'],
  );
});

t.test('addTicketNotes works the same through GET, urlencoded and multipart', async (t) => {
  const app = await build(t);
  t.strictSame(await sameEverywhereMutating(t, app, CALL, { id: NUMBER[8], notes: NOTE }), UPDATED);
});

refusals('addTicketNotes refusals and parameter errors change nothing', CALL, [
  [{ id: '123456', notes: NOTE }, 'Ticket #123456 not found'],
  [{ notes: NOTE }, 'Parameter id is required'],
  [{ id: NUMBER[1] }, 'Parameter notes is required'],
  [{ id: NUMBER[1], notes: ' \n ' }, 'Parameter notes must be a text of at most 65535 characters, not only blanks'],
  [{ id: '4', notes: NOTE }, 'Parameter id must be a 6-digit ticket number, such as 814003'],
]);
