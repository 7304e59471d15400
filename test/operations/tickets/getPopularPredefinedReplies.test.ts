import t from 'tap';
import type { Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, assertSuccess, build } from '../../helpers/app.js';
import { read, readEverywhere } from '../../helpers/reads.js';
import { NUMBER } from '../../helpers/tickets.js';

const CALL = 'getPopularPredefinedReplies';

async function ranked(t: Test, app: FastifyInstance): Promise<string[]> {
  return ((await read(t, app, CALL)).replies as Array<{ id: string }>).map((r) => r.id);
}

t.test("getPopularPredefinedReplies lists the replies staff used, most used first, in the desk's item shape", async (t) => {
  const app = await build(t);
  const { replies } = (await readEverywhere(t, app, CALL)) as { replies: Array<Record<string, string>> };
  t.strictSame(
    replies.map((r) => r.id),
    ['1', '2', '7', '9', '8', '6', '10', '4', '5'],
    'reply 3, never used, is left out',
  );
  t.strictSame(replies[0], {
    id: '1',
    category_id: '1',
    name: 'Payment received',
    reply:
      'Hello,\r\n\r\nThank you, we have received your payment and the invoice is now marked as paid. A receipt is available in the client area under Billing > Invoices.\r\n\r\nKind regards,',
  });
  const category = (await read(t, app, 'getPredefinedReplies', { cid: '1' })).category as { replies: object[] };
  t.strictSame(category.replies[0], replies[0], 'the same item getPredefinedReplies lists');
});

t.test("a staff message holding a reply's text counts a use and moves it up; a client's does not", async (t) => {
  const app = await build(t);
  // The EPP reply (stored with \r\n) as staff send it with \n, followed by a signature.
  const eppBody =
    'Hello,\n\nThe EPP (transfer) code of your domain has been sent to the registrant email address on file. It is valid for 14 days.\n\nBest,\nOlivia';
  // Ten staff replies take the EPP reply from 18 uses past the 27 of the email settings reply.
  for (let n = 0; n < 10; n++) assertSuccess(t, await api(app, 'addTicketReply', { id: NUMBER[1], body: eppBody }), 'addTicketReply');
  t.strictSame((await ranked(t, app)).slice(0, 3), ['1', '2', '9'], '28 uses now, above the 27 of reply 7');

  assertSuccess(t, await api(app, 'addTicketReply', { id: NUMBER[1], body: eppBody, type: 'Client' }), 'addTicketReply');
  const opened = await api(app, 'addTicket', {
    client_id: '1',
    subject: 'Currency',
    body: 'Hello,\r\n\r\nThe billing currency of an account can only be changed when there are no unpaid invoices. We have switched your account; upcoming invoices will be issued in the new currency.',
  });
  assertSuccess(t, opened, 'addTicket');
  t.strictSame((await ranked(t, app)).at(-1), '3', 'a ticket staff opened with reply 3 puts it on the list');
  assertSuccess(
    t,
    await api(app, 'addTicket', {
      client_id: '1',
      subject: 'Reboot',
      body: 'Hello,\r\n\r\nWe have rebooted your server and all services came back up normally. Please let us know if you still notice any problem.',
      asclient: '1',
    }),
    'addTicket',
  );
  t.strictSame((await ranked(t, app)).slice(0, 3), ['1', '2', '9'], 'a client quoting a reply counts nothing');
});

t.test('getPopularPredefinedReplies ignores parameters it does not take', async (t) => {
  const app = await build(t);
  t.strictSame(await read(t, app, CALL, { cid: '2', limit: '1' }), await read(t, app, CALL));
});
