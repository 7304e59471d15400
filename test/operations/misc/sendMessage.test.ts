import t from 'tap';
import { api, assertSuccess, build, SERVER_TIME } from '../../helpers/app.js';
import { refusals } from '../../helpers/refusals.js';
import { sameEverywhereMutating } from '../../helpers/sessions.js';
import { emails } from '../../helpers/tickets.js';

const CALL = 'sendMessage';
const SENT = { success: true, sent: true, call: CALL, server_time: SERVER_TIME };
const DATE = '2026-11-20 12:00:00';
const MAINTENANCE = { subject: 'Planned maintenance', body: 'Your server reboots on Sunday at 02:00 CET.' };

t.test('sendMessage to a client lands in the outbox at the client address, and answers sent as published', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, { client_id: '1', ...MAINTENANCE });
  assertSuccess(t, body, CALL);
  t.strictSame(body, SENT);
  t.strictSame(Object.keys(body), ['success', 'sent', 'call', 'server_time'], 'keys in the published order');
  t.equal(typeof body.sent, 'boolean', 'sent is a JSON boolean');
  t.strictSame(await emails(app), [
    {
      id: '1',
      date: DATE,
      to: 'alice@morgan-design.com',
      subject: 'Planned maintenance',
      template: 'Custom Message',
      client_id: '1',
      related: {},
    },
  ]);
});

t.test('sendMessage goes to each address of to, or to email_override instead of the client address', async (t) => {
  const app = await build(t);
  t.strictSame(await api(app, CALL, { to: 'ops@example.com; cto@example.com', ...MAINTENANCE }), SENT);
  t.strictSame(await api(app, CALL, { client_id: '2', email_override: 'accounts@keller.example', template: '7' }), SENT);
  const sent = (await emails(app)).map(({ to, subject, template, client_id }) => ({ to, subject, template, client_id }));
  t.strictSame(sent, [
    { to: 'accounts@keller.example', subject: 'Template #7', template: 'Template #7', client_id: '2' },
    { to: 'cto@example.com', subject: 'Planned maintenance', template: 'Custom Message', client_id: '0' },
    { to: 'ops@example.com', subject: 'Planned maintenance', template: 'Custom Message', client_id: '0' },
  ]);
});

t.test('sendMessage takes the options it cannot use and keeps none of them', async (t) => {
  const app = await build(t);
  const options = {
    html: '1',
    use_variables: '1',
    notify: '1',
    sender: '2',
    replyto: 'support@lumenhost.net',
    from1: 'Lumen Support',
    from2: 'support@lumenhost.net',
    brand_id: '1',
    'variables[service][id]': '1',
  };
  t.strictSame(await api(app, CALL, { client_id: '3', ...MAINTENANCE, ...options }), SENT);
  t.equal((await emails(app)).length, 1);
});

t.test('sendMessage works the same through GET, urlencoded and multipart', async (t) => {
  const app = await build(t);
  t.strictSame(await sameEverywhereMutating(t, app, CALL, { client_id: '4', ...MAINTENANCE }), SENT);
});

refusals('sendMessage refusals and parameter errors change nothing', CALL, [
  [{ client_id: '99', ...MAINTENANCE }, 'Client 99 not found'],
  [{ client_id: '1', subject: 'Hello' }, 'Parameter body is required when no template is given'],
  [{ to: 'a@example.com', body: 'Hi' }, 'Parameter subject is required when no template is given'],
  [{ ...MAINTENANCE }, 'Parameter to is required when no client_id is given'],
  [
    { to: 'a@example.com;nobody', ...MAINTENANCE },
    'Parameter to must be one or more valid email addresses separated by ;, such as a@example.com;b@example.com',
  ],
  [{ client_id: 'one', ...MAINTENANCE }, 'Parameter client_id must be a positive whole number id, such as 1'],
  [{ client_id: '1', ...MAINTENANCE, html: 'maybe' }, 'Parameter html must be one of: 0, 1'],
]);

t.test('sendMessage refuses everything missing at once', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, {});
  t.strictSame(body.error, [
    'Parameter subject is required when no template is given',
    'Parameter body is required when no template is given',
    'Parameter to is required when no client_id is given',
  ]);
  t.strictSame(await emails(app), []);
});
