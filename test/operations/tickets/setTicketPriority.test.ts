import t from 'tap';
import { api, assertSuccess, build, storeJson, SERVER_TIME } from '../../helpers/app.js';
import { read } from '../../helpers/reads.js';
import { refusals } from '../../helpers/refusals.js';
import { sameEverywhereMutating } from '../../helpers/sessions.js';
import { NUMBER, emails } from '../../helpers/tickets.js';

const CALL = 'setTicketPriority';
const changed = (number: string) => ({ success: true, call: CALL, server_time: SERVER_TIME, info: [`Ticket #${number} priority changed`] });

t.test('setTicketPriority changes the priority only, as published', async (t) => {
  const app = await build(t);
  const before = await read(t, app, 'getTicketDetails', { id: NUMBER[4] });
  const body = await api(app, CALL, { id: NUMBER[4], priority: 'High' });
  assertSuccess(t, body, CALL);
  t.strictSame(body, changed(NUMBER[4]));
  t.strictSame(Object.keys(body), ['success', 'call', 'server_time', 'info'], 'keys in the published order');
  const after = await read(t, app, 'getTicketDetails', { id: NUMBER[4] });
  t.strictSame(after, { ...before, ticket: { ...(before.ticket as object), priority: '2' } }, 'High is kept as "2"; nothing else moves');
  t.strictSame(await emails(app), [], 'no e-mail');
});

t.test('Low, Medium and High are kept as 0, 1 and 2', async (t) => {
  const app = await build(t);
  for (const [name, level] of [
    ['Medium', '1'],
    ['Low', '0'],
    ['High', '2'],
  ]) {
    t.strictSame(await api(app, CALL, { id: NUMBER[7], priority: name }), changed(NUMBER[7]));
    const { ticket } = await read(t, app, 'getTicketDetails', { id: NUMBER[7] });
    t.equal((ticket as { priority: string }).priority, level, name);
  }
});

t.test('the priority a ticket already has changes nothing and answers the same', async (t) => {
  const app = await build(t);
  const before = storeJson(app);
  t.strictSame(await api(app, CALL, { id: NUMBER[3], priority: 'High' }), changed(NUMBER[3]));
  t.equal(storeJson(app), before);
});

t.test('setTicketPriority works the same through GET, urlencoded and multipart', async (t) => {
  const app = await build(t);
  t.strictSame(await sameEverywhereMutating(t, app, CALL, { id: NUMBER[8], priority: 'Medium' }), changed(NUMBER[8]));
});

refusals('setTicketPriority refusals and parameter errors change nothing', CALL, [
  [{ id: '123456', priority: 'Low' }, 'Ticket #123456 not found'],
  [{ priority: 'Low' }, 'Parameter id is required'],
  [{ id: NUMBER[1] }, 'Parameter priority is required'],
  [{ id: NUMBER[1], priority: 'high' }, 'Parameter priority must be one of: Low, Medium, High'],
  [{ id: NUMBER[1], priority: '2' }, 'Parameter priority must be one of: Low, Medium, High'],
]);
