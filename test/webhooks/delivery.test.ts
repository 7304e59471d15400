// Webhook delivery with real receivers on 127.0.0.1: signed as HostBill's
// WebHooks plugin signs, in order, retried, never on the API answer's path.
import { createHmac } from 'node:crypto';
import t from 'tap';
import { api, assertSuccess, build } from '../helpers/app.js';
import { RECEIVER_CA, receiver } from '../helpers/receiver.js';
import { signature } from '../../src/session/webhooks.js';

const FAST = { backoffMs: 1, timeoutMs: 30_000 };
const control = (app: Awaited<ReturnType<typeof build>>, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url: `/__billsim${url}`, headers: { 'x-billsim-control': '1' }, ...(payload && { payload }) });

/** The check a receiver makes, written apart from billsim's: HMAC-SHA256 of the timestamp and the raw body. */
function verified(secret: string, timestamp: string, body: string, sent: string): boolean {
  return createHmac('sha256', secret).update(`${timestamp}${body}`).digest('hex') === sent;
}

t.test('the signature is the reference worked example', async (t) => {
  t.equal(
    signature('test-webhook-secret', '1700000000', '{"firstname":"Joe","lastname":"Doe"}'),
    '5a01381a1283b1c0a1acf0b9a22462e799128577015fed8cf3b7bb4d7e7ceed2',
  );
});

t.test('a call that adds a client is delivered signed, with the headers and keys HostBill sends', async (t) => {
  const app = await build(t, { webhookDelivery: FAST });
  const rx = await receiver(t);
  const added = await control(app, 'POST', '/webhooks', { url: rx.url, secret: 's3cret', events: ['after_clientadded'] });
  t.equal(added.statusCode, 201);
  t.strictSame(added.json(), {
    id: 1,
    url: rx.url,
    secret: 's3cret',
    events: ['after_clientadded'],
    contentType: 'json',
    timestamp: 'real',
  });
  t.equal((await control(app, 'GET', '/webhooks')).json().webhooks[0].secret, '****', 'lists never show a secret whole');

  const body = await api(app, 'addClient', {
    firstname: 'Ada',
    lastname: 'Lovelace',
    email: 'ada@example.com',
    password: 'Secret-123',
    password2: 'Secret-123',
    country: 'GB',
  });
  const { client_id } = assertSuccess(t, body, 'addClient') as { client_id: string };
  const list = await control(app, 'GET', '/webhooks/deliveries?wait=10');
  const answer = list.json();
  t.equal(answer.settled, true);
  t.equal(answer.pending, 0);
  t.equal(rx.received.length, 1);
  const [got] = rx.received;
  t.equal(got.headers['hb-event'], 'after_clientadded');
  t.equal(got.headers['hb-hook'], '1');
  t.equal(got.headers['content-type'], 'application/json');
  t.match(got.headers['hb-timestamp'], /^\d+$/);
  const stamp = got.headers['hb-timestamp'] as string;
  t.ok(Math.abs(Number(stamp) - Date.now() / 1000) < 60, 'the real time by default');
  t.ok(verified('s3cret', stamp, got.body, got.headers['hb-signature'] as string), 'an independent HMAC check passes');
  t.notOk(verified('s3cret', stamp, got.body.replace('Ada', 'Eve'), got.headers['hb-signature'] as string), 'a changed body fails it');
  const payload = JSON.parse(got.body);
  t.strictSame(Object.keys(payload).sort(), [
    'address1',
    'address2',
    'city',
    'companyname',
    'country',
    'email',
    'firstname',
    'id',
    'lastname',
    'password',
    'password2',
    'phonenumber',
    'postcode',
    'state',
    'type',
  ]);
  t.strictSame([payload.id, payload.firstname, payload.email, payload.password], [client_id, 'Ada', 'ada@example.com', '']);
  const [delivery] = answer.deliveries;
  t.match(delivery, { id: 1, webhook: 1, event: 'after_clientadded', body: got.body, state: 'delivered', contentType: 'json' });
  t.equal(delivery.attempts.length, 1);
  t.equal(delivery.attempts[0].status, 200);

  // The journal links the call to the events it raised.
  const events = (await control(app, 'GET', '/webhooks/events')).json().events;
  t.strictSame(
    events.map((e: { event: string }) => e.event),
    ['after_clientadded'],
  );
  const [entry] = (await control(app, 'GET', '/requests?limit=1')).json().requests;
  t.strictSame(entry.events, [events[0].id]);
});

t.test('a form webhook sends the payload urlencoded, signed over the text sent', async (t) => {
  const app = await build(t, { webhookDelivery: FAST });
  const rx = await receiver(t);
  await control(app, 'POST', '/webhooks', { url: rx.url, secret: 'k', contentType: 'form', events: ['after_ticketopen'] });
  assertSuccess(t, await api(app, 'addTicket', { client_id: '1', subject: 'Help', body: 'It broke', dept_id: '1' }), 'addTicket');
  await control(app, 'GET', '/webhooks/deliveries?wait=10');
  const [got] = rx.received;
  t.equal(got.headers['content-type'], 'application/x-www-form-urlencoded');
  const form = new URLSearchParams(got.body);
  t.strictSame(
    [...form.keys()],
    ['ticket_id', 'ticket_number', 'acc_hash', 'dept_id', 'client_id', 'name', 'email', 'subject', 'body', 'status'],
  );
  t.equal(form.get('subject'), 'Help');
  t.ok(verified('k', got.headers['hb-timestamp'] as string, got.body, got.headers['hb-signature'] as string));
});

t.test('a call that fails raises nothing', async (t) => {
  const app = await build(t, { webhookDelivery: FAST });
  const rx = await receiver(t);
  await control(app, 'POST', '/webhooks', { url: rx.url, secret: 'k' });
  // Paying an unknown invoice is refused whole.
  const body = await api(app, 'addInvoicePayment', { id: '999999', amount: '1.00', paymentmodule: '2' });
  t.equal(body.success, false);
  t.strictSame((await control(app, 'GET', '/webhooks/events')).json(), { events: [] });
  t.strictSame((await control(app, 'GET', '/webhooks/deliveries?wait=1')).json(), { deliveries: [], pending: 0, settled: true });
  t.equal(rx.received.length, 0);
});

t.test('a receiver down for three attempts, then up, gets every event in order', async (t) => {
  const app = await build(t, { webhookDelivery: { ...FAST, attempts: 5 } });
  const rx = await receiver(t);
  rx.statuses = [500, 503, 502];
  await control(app, 'POST', '/webhooks', { url: rx.url, secret: 'k', events: ['after_ticketopen'] });
  for (const subject of ['one', 'two', 'three']) {
    assertSuccess(t, await api(app, 'addTicket', { client_id: '1', subject, body: 'b', dept_id: '1' }), 'addTicket');
  }
  const { deliveries } = (await control(app, 'GET', '/webhooks/deliveries?wait=20')).json();
  t.strictSame(
    deliveries.map((d: { state: string; attempts: { status: number }[] }) => [d.state, d.attempts.map((a) => a.status)]),
    [
      ['delivered', [500, 503, 502, 200]],
      ['delivered', [200]],
      ['delivered', [200]],
    ],
  );
  const subjects = rx.received.map((r) => JSON.parse(r.body).subject);
  t.strictSame(subjects, ['one', 'one', 'one', 'one', 'two', 'three'], 'retried in place, so the order holds');
});

t.test('a delivery whose attempts run out is kept as failed, and can be delivered again', async (t) => {
  const app = await build(t, { webhookDelivery: { ...FAST, attempts: 2 } });
  const rx = await receiver(t);
  rx.statuses = [500, 500];
  await control(app, 'POST', '/webhooks', { url: rx.url, secret: 'k', events: ['after_ticketopen'] });
  assertSuccess(t, await api(app, 'addTicket', { client_id: '1', subject: 's', body: 'b', dept_id: '1' }), 'addTicket');
  const failed = (await control(app, 'GET', '/webhooks/deliveries?wait=10&state=failed')).json().deliveries;
  t.equal(failed.length, 1);
  t.strictSame(
    failed[0].attempts.map((a: { error: string }) => a.error),
    ['the receiver answered 500', 'the receiver answered 500'],
  );
  const again = await control(app, 'POST', `/webhooks/deliveries/${failed[0].id}/redeliver`);
  t.equal(again.statusCode, 201);
  t.match(again.json(), { id: 2, state: 'pending', body: failed[0].body, event: 'after_ticketopen' });
  const all = (await control(app, 'GET', '/webhooks/deliveries?wait=10')).json().deliveries;
  t.strictSame(
    all.map((d: { state: string }) => d.state),
    ['failed', 'delivered'],
  );
  t.equal((await control(app, 'POST', '/webhooks/deliveries/99/redeliver')).statusCode, 404);
});

t.test('an attempt with no answer within the time-out is retried, then kept as failed', async (t) => {
  const app = await build(t, { webhookDelivery: { ...FAST, timeoutMs: 200, attempts: 2 } });
  const rx = await receiver(t);
  rx.hold = true;
  await control(app, 'POST', '/webhooks', { url: rx.url, secret: 'k', events: ['after_ticketopen'] });
  assertSuccess(t, await api(app, 'addTicket', { client_id: '1', subject: 's', body: 'b', dept_id: '1' }), 'addTicket');
  const failed = (await control(app, 'GET', '/webhooks/deliveries?wait=10&state=failed')).json().deliveries;
  t.strictSame(
    failed.map((d: { attempts: { status: number | null; error: string }[] }) => d.attempts.map((a) => [a.status, a.error])),
    [
      [
        [null, 'no answer within 200 ms'],
        [null, 'no answer within 200 ms'],
      ],
    ],
  );
  t.equal(rx.received.length, 2, 'each attempt reached the receiver');
});

t.test('an https receiver is delivered to, signed; one whose certificate is not trusted is refused', async (t) => {
  const rx = await receiver(t, 0, true);
  const trusting = await build(t, { webhookDelivery: { ...FAST, ca: RECEIVER_CA } });
  await control(trusting, 'POST', '/webhooks', { url: rx.url, secret: 'k', events: ['after_ticketopen'] });
  assertSuccess(t, await api(trusting, 'addTicket', { client_id: '1', subject: 'tls', body: 'b', dept_id: '1' }), 'addTicket');
  const done = (await control(trusting, 'GET', '/webhooks/deliveries?wait=10')).json();
  t.strictSame(
    done.deliveries.map((d: { state: string; attempts: { status: number }[] }) => [d.state, d.attempts.map((a) => a.status)]),
    [['delivered', [200]]],
  );
  t.equal(rx.received.length, 1);
  const [got] = rx.received;
  t.equal(JSON.parse(got.body).subject, 'tls');
  t.ok(verified('k', String(got.headers['hb-timestamp']), got.body, String(got.headers['hb-signature'])), 'signed');

  const wary = await build(t, { webhookDelivery: { ...FAST, attempts: 2 } });
  await control(wary, 'POST', '/webhooks', { url: rx.url, secret: 'k', events: ['after_ticketopen'] });
  assertSuccess(t, await api(wary, 'addTicket', { client_id: '1', subject: 'no', body: 'b', dept_id: '1' }), 'addTicket');
  const failed = (await control(wary, 'GET', '/webhooks/deliveries?wait=10&state=failed')).json().deliveries;
  t.equal(failed.length, 1);
  t.match(failed[0].attempts, [
    { status: null, error: /SELF_SIGNED/ },
    { status: null, error: /SELF_SIGNED/ },
  ]);
  t.equal(rx.received.length, 1, 'nothing sent over a connection the client did not trust');
});

t.test('a slow receiver never holds up an API answer', async (t) => {
  const app = await build(t, { webhookDelivery: { ...FAST, timeoutMs: 60_000 } });
  const rx = await receiver(t);
  rx.hold = true;
  await control(app, 'POST', '/webhooks', { url: rx.url, secret: 'k' });
  for (let i = 0; i < 3; i++) {
    assertSuccess(t, await api(app, 'addTicket', { client_id: '1', subject: `s${i}`, body: 'b', dept_id: '1' }), 'addTicket');
  }
  const waited = (await control(app, 'GET', '/webhooks/deliveries?wait=0.2')).json();
  t.equal(waited.settled, false, 'the answers came while the receiver still held the first delivery');
  t.equal(waited.pending, 3);
  rx.release();
  // Later deliveries are answered at once now.
  const done = (await control(app, 'GET', '/webhooks/deliveries?wait=10')).json();
  t.equal(done.settled, true);
  t.strictSame(
    rx.received.map((r) => JSON.parse(r.body).subject),
    ['s0', 's1', 's2'],
  );
});

t.test('webhook input is checked whole', async (t) => {
  const app = await build(t);
  const bad = await control(app, 'POST', '/webhooks', { url: 'ftp://x', events: ['after_nothing'], contentType: 'xml', extra: 1 });
  t.equal(bad.statusCode, 400);
  t.match(bad.json().error, /Unknown webhook field "extra".*url must be.*events must be.*contentType must be/);
  t.strictSame((await control(app, 'GET', '/webhooks')).json(), { webhooks: [] });
  const made = (await control(app, 'POST', '/webhooks', { url: 'http://127.0.0.1:1/x' })).json();
  t.match(made.secret, /^[0-9a-f]{48}$/, 'a secret is made up when none is given, and shown once');
  t.equal((await control(app, 'DELETE', '/webhooks/1')).statusCode, 200);
  t.equal((await control(app, 'DELETE', '/webhooks/1')).statusCode, 404);
});
