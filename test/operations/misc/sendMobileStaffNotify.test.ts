import t from 'tap';
import { api, build, SERVER_TIME } from '../../helpers/app.js';
import { refusals } from '../../helpers/refusals.js';
import { sameEverywhereMutating } from '../../helpers/sessions.js';
import { emails } from '../../helpers/tickets.js';

const done = (call: string) => ({ success: true, call, server_time: SERVER_TIME });
const _PAID = { subject: 'Invoice paid', body: 'Thank you for your payment.' };
const DOWN = { subject: 'Node down', body: 'vps-ams-2 stopped answering pings.' };
const DATE = '2026-11-20 12:00:00';

t.test('sendMobileStaffNotify records one notification per Active admin', async (t) => {
  const app = await build(t);
  const body = await api(app, 'sendMobileStaffNotify', DOWN);
  t.strictSame(body, done('sendMobileStaffNotify'));
  t.strictSame(Object.keys(body), ['success', 'call', 'server_time']);
  const staff = { date: DATE, subject: 'Node down', template: 'Mobile Notification', client_id: '0' };
  t.strictSame(
    await emails(app),
    [
      { id: '2', ...staff, to: 'billing@lumenhost.net', related: { admin_id: '2' } },
      { id: '1', ...staff, to: 'olivia.grant@lumenhost.net', related: { admin_id: '1' } },
    ],
    'admin 3 is Inactive and gets none; newest first',
  );
});

t.test('sendMobileStaffNotify works the same through GET, urlencoded and multipart', async (t) => {
  const app = await build(t);
  t.strictSame(await sameEverywhereMutating(t, app, 'sendMobileStaffNotify', DOWN), done('sendMobileStaffNotify'));
});

refusals('sendMobileStaffNotify refusals change nothing', 'sendMobileStaffNotify', [
  [{ body: 'x' }, 'Parameter subject is required'],
  [{ subject: 'x' }, 'Parameter body is required'],
  [{ ...DOWN, subject: 'x'.repeat(256) }, 'Parameter subject must be a text of at most 255 characters'],
]);
