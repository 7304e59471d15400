import t from 'tap';
import { api, assertSuccess, build, storeJson } from '../../helpers/app.js';
import { ALICE, assertAnswer, assertRefused, door, login, TOM } from '../../helpers/door.js';
import { ALICES_TICKET, BRUNO, lacks } from './helpers.js';

t.test("a file of the client's ticket or of a reply: its name and size as getTicketDetails lists them, no content", async (t) => {
  const app = await build(t);
  assertSuccess(
    t,
    await api(app, 'addTicketReply', { id: ALICES_TICKET, type: 'Client', body: 'Log attached', 'attachments[error log.txt]': 'aGVsbG8=' }),
    'addTicketReply',
  );
  const admin = assertSuccess(t, await api(app, 'getTicketDetails', { id: ALICES_TICKET }), 'getTicketDetails');
  const [opening, reply] = admin.attachments as Array<Record<string, string>>;
  const token = await login(app, ALICE);
  const first = assertAnswer(
    t,
    await door(app, 'GET', '/ticket/attachment/ssl-warning.png', { number: ALICES_TICKET }, { token }),
    'getTicketAttachmentFile',
  );
  t.strictSame(first, { attachment: { ...opening, content: null } });
  t.match(opening, { reply_id: '0', filename: 'ssl-warning.png', size: '48213' });
  const second = assertAnswer(
    t,
    await door(app, 'GET', '/ticket/attachment/error%20log.txt', { number: ALICES_TICKET }, { token }),
    'getTicketAttachmentFile',
  );
  t.strictSame(second, { attachment: { ...reply, content: null } });
  t.match(reply, { filename: 'error log.txt', size: '5' });
});

t.test('a contact reads files only with support.tickets', async (t) => {
  const app = await build(t);
  const token = await login(app, TOM);
  const before = storeJson(app);
  assertRefused(t, await door(app, 'GET', '/ticket/attachment/ssl-warning.png', { number: ALICES_TICKET }, { token }), 403, [
    lacks('10', 'support.tickets'),
  ]);
  t.equal(storeJson(app), before);
  assertSuccess(t, await api(app, 'editContactPermissions', { id: '10', 'privileges[support][tickets]': '1' }), 'editContactPermissions');
  assertAnswer(
    t,
    await door(app, 'GET', '/ticket/attachment/ssl-warning.png', { number: ALICES_TICKET }, { token }),
    'getTicketAttachmentFile',
  );
});

t.test("another client's ticket or a file it lacks answers 404; bad input is refused; nothing changes", async (t) => {
  const app = await build(t);
  const token = await login(app, BRUNO);
  const alice = await login(app, ALICE);
  const before = storeJson(app);
  assertRefused(t, await door(app, 'GET', '/ticket/attachment/ssl-warning.png', { number: ALICES_TICKET }, { token }), 404, [
    `Ticket ${ALICES_TICKET} not found`,
  ]);
  assertRefused(t, await door(app, 'GET', '/ticket/attachment/none.png', { number: ALICES_TICKET }, { token: alice }), 404, [
    'Attachment none.png not found',
  ]);
  const bad = await door(app, 'GET', '/ticket/attachment/x.png', { number: 'abc' }, { token: alice });
  t.equal(bad.status, 200);
  t.match(bad.body, { error: [/^Parameter number/] });
  const missing = await door(app, 'GET', '/ticket/attachment/x.png', {}, { token: alice });
  t.match(missing.body, { error: [/number/] });
  t.equal(storeJson(app), before);
});
