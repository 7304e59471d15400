import t from 'tap';
import { api, assertError, assertSuccess, build, storeJson, SERVER_TIME } from '../../helpers/app.js';
import { read } from '../../helpers/reads.js';
import { refusals } from '../../helpers/refusals.js';
import { sameEverywhereMutating } from '../../helpers/sessions.js';
import { NUMBER, emails } from '../../helpers/tickets.js';

const CALL = 'deleteTicket';
const deleted = (number: string) => ({ success: true, call: CALL, server_time: SERVER_TIME, info: [`Ticket #${number} deleted`] });
const ids = async (t: Parameters<typeof read>[0], app: Parameters<typeof read>[1]) =>
  ((await read(t, app, 'getTickets', { 'filter[list]': 'all' })).tickets as Array<{ id: string }>).map((x) => x.id);

t.test('deleteTicket removes the ticket with its replies and notes', async (t) => {
  const app = await build(t);
  const outbox = await emails(app);
  const body = await api(app, CALL, { id: NUMBER[4] });
  assertSuccess(t, body, CALL);
  t.strictSame(body, deleted(NUMBER[4]), 'success with info, as the neighbouring deletes answer');
  t.strictSame(Object.keys(body), ['success', 'call', 'server_time', 'info']);
  assertError(t, await api(app, 'getTicketDetails', { id: NUMBER[4] }), 'getTicketDetails', [`Ticket #${NUMBER[4]} not found`]);
  t.notOk((await ids(t, app)).includes('4'), 'getTickets no longer lists it');
  const store = JSON.parse(storeJson(app));
  t.strictSame(
    store.ticket_replies.filter((r: { ticket_id: string }) => r.ticket_id === '4'),
    [],
    'its replies are gone',
  );
  t.strictSame(
    store.ticket_notes.filter((n: { ticket_id: string }) => n.ticket_id === '4'),
    [],
    'its note is gone',
  );
  t.strictSame(await emails(app), outbox, 'mail already sent about it stays');
  const client = await read(t, app, 'getClientTickets', { id: '5' });
  t.strictSame(client.tickets ?? [], [], "the client's ticket list no longer has it");
});

t.test('deleteTicket leaves other tickets as they were', async (t) => {
  const app = await build(t);
  const other = await read(t, app, 'getTicketDetails', { id: NUMBER[3] });
  t.strictSame(await api(app, CALL, { id: NUMBER[8] }), deleted(NUMBER[8]));
  t.strictSame(await read(t, app, 'getTicketDetails', { id: NUMBER[3] }), other);
  t.strictSame(
    await ids(t, app),
    (await ids(t, await build(t))).filter((id) => id !== '8'),
  );
});

t.test('a deleted ticket cannot be deleted again', async (t) => {
  const app = await build(t);
  t.strictSame(await api(app, CALL, { id: NUMBER[1] }), deleted(NUMBER[1]));
  const before = storeJson(app);
  assertError(t, await api(app, CALL, { id: NUMBER[1] }), CALL, [`Ticket #${NUMBER[1]} not found`]);
  t.equal(storeJson(app), before);
});

t.test('deleteTicket works the same through GET, urlencoded and multipart', async (t) => {
  const app = await build(t);
  t.strictSame(await sameEverywhereMutating(t, app, CALL, { id: NUMBER[7] }), deleted(NUMBER[7]));
});

refusals('deleteTicket refusals and parameter errors change nothing', CALL, [
  [{ id: '123456' }, 'Ticket #123456 not found'],
  [{}, 'Parameter id is required'],
  [{ id: '4' }, 'Parameter id must be a 6-digit ticket number, such as 814003'],
]);
