import t from 'tap';
import { api, assertSuccess, build, SERVER_TIME } from '../../helpers/app.js';
import { refusals } from '../../helpers/refusals.js';
import { sameEverywhereMutating } from '../../helpers/sessions.js';
import { emails } from '../../helpers/tickets.js';

const done = (call: string) => ({ success: true, call, server_time: SERVER_TIME });
const PAID = { subject: 'Invoice paid', body: 'Thank you for your payment.' };
const _DOWN = { subject: 'Node down', body: 'vps-ams-2 stopped answering pings.' };
const DATE = '2026-11-20 12:00:00';

t.test('sendMobileClientNotify records a mobile notification to the client, answering the bare envelope', async (t) => {
  const app = await build(t);
  const body = await api(app, 'sendMobileClientNotify', { client_id: '2', ...PAID, server_id: '1' });
  assertSuccess(t, body, 'sendMobileClientNotify');
  t.strictSame(body, done('sendMobileClientNotify'));
  t.strictSame(Object.keys(body), ['success', 'call', 'server_time']);
  t.strictSame(await emails(app), [
    {
      id: '1',
      date: DATE,
      to: 'bruno.keller@keller-maschinenbau.de',
      subject: 'Invoice paid',
      template: 'Mobile Notification',
      client_id: '2',
      related: {},
    },
  ]);
});

t.test('sendMobileClientNotify works the same through GET, urlencoded and multipart', async (t) => {
  const app = await build(t);
  t.strictSame(await sameEverywhereMutating(t, app, 'sendMobileClientNotify', { client_id: '3', ...PAID }), done('sendMobileClientNotify'));
});

refusals('sendMobileClientNotify refusals change nothing', 'sendMobileClientNotify', [
  [{ client_id: '99', ...PAID }, 'Client 99 not found'],
  [{ client_id: 'one', ...PAID }, 'Parameter client_id must be a positive whole number id, such as 1'],
  [{ ...PAID }, 'Parameter client_id is required'],
  [{ client_id: '1', body: 'x' }, 'Parameter subject is required'],
  [{ client_id: '1', subject: 'x' }, 'Parameter body is required'],
  [{ client_id: '1', ...PAID, server_id: '0' }, 'Parameter server_id must be a positive whole number id, such as 1'],
]);
