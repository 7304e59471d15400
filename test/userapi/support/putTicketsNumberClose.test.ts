import t from 'tap';
import { api, assertSuccess, build, storeJson } from '../../helpers/app.js';
import { ALICE, assertAnswer, assertRefused, door, login } from '../../helpers/door.js';
import { BRUNO, BRUNOS_TICKET, SABINE, lacks } from './helpers.js';

t.test('a client closes its ticket as setTicketStatus does; again changes nothing', async (t) => {
  const app = await build(t);
  const token = await login(app, BRUNO);
  const body = assertAnswer(t, await door(app, 'PUT', `/tickets/${BRUNOS_TICKET}/close`, {}, { token }), 'putTicketsNumberClose');
  t.strictSame(body, { info: [`Ticket #${BRUNOS_TICKET} status changed to: Closed`] });
  const admin = assertSuccess(t, await api(app, 'getTicketDetails', { id: BRUNOS_TICKET }), 'getTicketDetails');
  t.match(admin.ticket, { status: 'Closed' });
  const before = storeJson(app);
  t.strictSame(assertAnswer(t, await door(app, 'PUT', `/tickets/${BRUNOS_TICKET}/close`, {}, { token }), 'putTicketsNumberClose'), body);
  t.equal(storeJson(app), before);
});

t.test('a contact closes tickets only with support.closeticket', async (t) => {
  const app = await build(t);
  const token = await login(app, SABINE);
  const before = storeJson(app);
  assertRefused(t, await door(app, 'PUT', `/tickets/${BRUNOS_TICKET}/close`, {}, { token }), 403, [lacks('11', 'support.closeticket')]);
  t.equal(storeJson(app), before);
  assertSuccess(
    t,
    await api(app, 'editContactPermissions', { id: '11', 'privileges[support][tickets]': '1', 'privileges[support][closeticket]': '1' }),
    'editContactPermissions',
  );
  assertAnswer(t, await door(app, 'PUT', `/tickets/${BRUNOS_TICKET}/close`, {}, { token }), 'putTicketsNumberClose');
  t.match(assertSuccess(t, await api(app, 'getTicketDetails', { id: BRUNOS_TICKET }), 'getTicketDetails').ticket, { status: 'Closed' });
});

t.test("another client's ticket answers 404 and bad input is refused, changing nothing", async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const before = storeJson(app);
  assertRefused(t, await door(app, 'PUT', `/tickets/${BRUNOS_TICKET}/close`, {}, { token }), 404, [`Ticket ${BRUNOS_TICKET} not found`]);
  const bad = await door(app, 'PUT', '/tickets/x1/close', {}, { token });
  t.equal(bad.status, 200);
  t.match(bad.body, { error: [/^Parameter number/] });
  t.equal(storeJson(app), before);
});
