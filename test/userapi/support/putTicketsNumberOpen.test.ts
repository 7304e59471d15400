import t from 'tap';
import { api, assertSuccess, build, storeJson } from '../../helpers/app.js';
import { ALICE, assertAnswer, assertRefused, door, login, TOM } from '../../helpers/door.js';
import { ALICES_TICKET, BRUNOS_TICKET, lacks } from './helpers.js';

t.test('a client re-opens its Closed ticket as setTicketStatus does', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const body = assertAnswer(t, await door(app, 'PUT', `/tickets/${ALICES_TICKET}/open`, {}, { token }), 'putTicketsNumberOpen');
  t.strictSame(body, { info: [`Ticket #${ALICES_TICKET} status changed to: Open`] });
  t.match(assertSuccess(t, await api(app, 'getTicketDetails', { id: ALICES_TICKET }), 'getTicketDetails').ticket, { status: 'Open' });
  const before = storeJson(app);
  t.strictSame(assertAnswer(t, await door(app, 'PUT', `/tickets/${ALICES_TICKET}/open`, {}, { token }), 'putTicketsNumberOpen'), {
    info: [`Ticket #${ALICES_TICKET} is not closed: its status stays Open`],
  });
  t.equal(storeJson(app), before, 'a ticket that is not Closed stays as it is');
});

t.test('a contact re-opens tickets only with support.tickets', async (t) => {
  const app = await build(t);
  const token = await login(app, TOM);
  const before = storeJson(app);
  assertRefused(t, await door(app, 'PUT', `/tickets/${ALICES_TICKET}/open`, {}, { token }), 403, [lacks('10', 'support.tickets')]);
  t.equal(storeJson(app), before);
  assertSuccess(t, await api(app, 'editContactPermissions', { id: '10', 'privileges[support][tickets]': '1' }), 'editContactPermissions');
  assertAnswer(t, await door(app, 'PUT', `/tickets/${ALICES_TICKET}/open`, {}, { token }), 'putTicketsNumberOpen');
  t.match(assertSuccess(t, await api(app, 'getTicketDetails', { id: ALICES_TICKET }), 'getTicketDetails').ticket, { status: 'Open' });
});

t.test("another client's ticket answers 404 and bad input is refused, changing nothing", async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const before = storeJson(app);
  assertRefused(t, await door(app, 'PUT', `/tickets/${BRUNOS_TICKET}/open`, {}, { token }), 404, [`Ticket ${BRUNOS_TICKET} not found`]);
  const bad = await door(app, 'PUT', '/tickets/x1/open', {}, { token });
  t.equal(bad.status, 200);
  t.match(bad.body, { error: [/^Parameter number/] });
  t.equal(storeJson(app), before);
});
