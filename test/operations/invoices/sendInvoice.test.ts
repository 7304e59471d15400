import t from 'tap';
import { api, assertSuccess, build, SERVER_TIME } from '../../helpers/app.js';
import { infoAnswer } from '../../helpers/shapes.js';
import { idRefusals, refusedWith } from '../../helpers/refusals.js';
import { emails } from '../../helpers/reads.js';
import { sameEverywhereMutating } from '../../helpers/sessions.js';

const CALL = 'sendInvoice';
const SENT = { success: true, call: CALL, server_time: SERVER_TIME, info: ['Invoice sent to client'] };
const NOW = '2026-11-20 12:00:00';

t.test('sendInvoice records the invoice e-mail to the client in the outbox', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, { id: '3' });
  infoAnswer(t, body, SENT, 'the published answer');
  assertSuccess(t, body, CALL);
  t.strictSame(await emails(app), [
    {
      id: '1',
      date: NOW,
      to: 'charlotte@evans-bakery.org',
      subject: 'Customer Invoice #3',
      template: 'Invoice Created',
      client_id: '3',
      related: { invoice_id: '3' },
    },
  ]);

  t.strictSame(await api(app, CALL, { id: '1' }), SENT, 'a Paid invoice may be sent');
  t.strictSame(await api(app, CALL, { id: '1' }), SENT, 'and sent again');
  t.strictSame(
    (await emails(app)).map((e) => [e.id, e.to, e.subject]),
    [
      ['3', 'alice@morgan-design.com', 'Customer Invoice #1'],
      ['2', 'alice@morgan-design.com', 'Customer Invoice #1'],
      ['1', 'charlotte@evans-bakery.org', 'Customer Invoice #3'],
    ],
    'one message per call, newest first',
  );
});

t.test("sendInvoice sends the same message as a new order's invoice_info=1", async (t) => {
  const app = await build(t);
  const placed = await api(app, 'addOrder', { client_id: '7', product: '2', cycle: 'm', invoice_generate: '1', invoice_info: '1' });
  assertSuccess(t, placed, 'addOrder');
  assertSuccess(t, await api(app, CALL, { id: '13' }), CALL);
  const [sent, ordered] = await emails(app);
  t.strictSame(ordered, {
    id: '1',
    date: NOW,
    to: 'grace@graceliu.io',
    subject: 'Customer Invoice #13',
    template: 'Invoice Created',
    client_id: '7',
    related: { invoice_id: '13', order_id: placed.order_id },
  });
  t.strictSame(sent, { ...ordered, id: '2', related: { invoice_id: '13' } });
});

t.test('a Draft is sent once it is made Unpaid', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, 'addInvoice', { client_id: '4' }), 'addInvoice');
  await refusedWith(t, app, CALL, [
    [{ id: '13' }, 'Invoice #13 is a Draft, which the client cannot see: make it Unpaid with setInvoiceStatus first, then send it'],
  ]);
  assertSuccess(t, await api(app, 'setInvoiceStatus', { id: '13', status: 'Unpaid' }), 'setInvoiceStatus');
  t.strictSame(await api(app, CALL, { id: '13' }), SENT);
  t.match(await emails(app), [{ to: 'daniel@kowalski-foto.net', subject: 'Customer Invoice #13' }]);
});

t.test('sendInvoice answers and stores the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  t.strictSame(await sameEverywhereMutating(t, app, CALL, { id: '8' }), SENT);
});

t.test('sendInvoice refusals record nothing', async (t) => {
  const app = await build(t);
  await refusedWith(t, app, CALL, idRefusals('Invoice', 'abc'));
  t.strictSame(await emails(app), []);
});
