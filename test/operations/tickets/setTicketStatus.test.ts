import t from 'tap';
import { api, assertSuccess, build, storeJson, SERVER_TIME } from '../../helpers/app.js';
import { read } from '../../helpers/reads.js';
import { refusals } from '../../helpers/refusals.js';
import { sameEverywhereMutating } from '../../helpers/sessions.js';
import { NUMBER, emails } from '../../helpers/tickets.js';

const CALL = 'setTicketStatus';
const answer = (number: string, status: string) => ({
  success: true,
  call: CALL,
  server_time: SERVER_TIME,
  info: [`Ticket #${number} status changed to: ${status}`],
});

t.test('setTicketStatus sets the status only, as published', async (t) => {
  const app = await build(t);
  const before = await read(t, app, 'getTicketDetails', { id: NUMBER[4] });
  const body = await api(app, CALL, { id: NUMBER[4], status: 'Answered' });
  assertSuccess(t, body, CALL);
  t.strictSame(body, answer(NUMBER[4], 'Answered'));
  t.strictSame(Object.keys(body), ['success', 'call', 'server_time', 'info'], 'keys in the published order');
  const after = await read(t, app, 'getTicketDetails', { id: NUMBER[4] });
  const ticket = before.ticket as Record<string, string>;
  t.strictSame(after, { ...before, ticket: { ...ticket, status: 'Answered' } }, 'nothing but the status changed: no reply, same lastreply');
  const listed = await read(t, app, 'getTickets', { 'filter[list]': 'answered' });
  t.strictSame(
    (listed.tickets as Array<{ id: string }>).map((x) => x.id),
    ['5', '4', '2'],
  );
  t.strictSame(await emails(app), [], 'no e-mail');
});

t.test('setTicketStatus moves a ticket between any statuses', async (t) => {
  const app = await build(t);
  const steps = ['Closed', 'Open', 'In-Progress', 'Client-Reply', 'Answered', 'Closed'];
  for (const status of steps) {
    t.strictSame(await api(app, CALL, { id: NUMBER[7], status }), answer(NUMBER[7], status));
    const details = await read(t, app, 'getTicketDetails', { id: NUMBER[7] });
    t.equal((details.ticket as { status: string }).status, status);
  }
});

t.test('setting the status a ticket already has changes nothing and answers the same', async (t) => {
  const app = await build(t);
  const before = storeJson(app);
  t.strictSame(await api(app, CALL, { id: NUMBER[1], status: 'Closed' }), answer(NUMBER[1], 'Closed'));
  t.equal(storeJson(app), before);
});

t.test('setTicketStatus works the same through GET, urlencoded and multipart', async (t) => {
  const app = await build(t);
  t.strictSame(await sameEverywhereMutating(t, app, CALL, { id: NUMBER[8], status: 'In-Progress' }), answer(NUMBER[8], 'In-Progress'));
});

refusals('setTicketStatus refusals and parameter errors change nothing', CALL, [
  [{ id: '123456', status: 'Closed' }, 'Ticket #123456 not found'],
  [{ status: 'Closed' }, 'Parameter id is required'],
  [{ id: NUMBER[1] }, 'Parameter status is required'],
  [{ id: '8', status: 'Closed' }, 'Parameter id must be a 6-digit ticket number, such as 814003'],
  [{ id: NUMBER[1], status: 'closed' }, 'Parameter status must be one of: Open, Answered, Client-Reply, In-Progress, Closed'],
  [{ id: NUMBER[1], status: 'Resolved' }, 'Parameter status must be one of: Open, Answered, Client-Reply, In-Progress, Closed'],
]);
