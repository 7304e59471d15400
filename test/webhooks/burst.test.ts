// A burst of 1,000 events, each delivered once, in the order raised, none lost
// (the slow tier: it runs a thousand calls and a thousand deliveries).
import t from 'tap';
import { api, build } from '../helpers/app.js';
import { receiver } from '../helpers/receiver.js';

t.test('1,000 events in a burst are delivered without loss, in order', async (t) => {
  const app = await build(t, { webhookDelivery: { backoffMs: 1 } });
  const rx = await receiver(t);
  const headers = { 'x-billsim-control': '1' };
  await app.inject({
    method: 'POST',
    url: '/__billsim/webhooks',
    headers,
    payload: { url: rx.url, secret: 'k', events: ['after_ticketopen'] },
  });
  for (let batch = 0; batch < 10; batch++) {
    const calls = Array.from({ length: 100 }, (_, i) =>
      api(app, 'addTicket', { client_id: '1', subject: `n${batch * 100 + i}`, body: 'b', dept_id: '1' }),
    );
    for (const body of await Promise.all(calls)) t.equal(body.success, true);
  }
  const events = (await app.inject({ method: 'GET', url: '/__billsim/webhooks/events', headers })).json().events;
  t.equal(events.length, 1000);
  let settled = false;
  for (let round = 0; round < 10 && !settled; round++) {
    settled = (await app.inject({ method: 'GET', url: '/__billsim/webhooks/deliveries?wait=60&limit=1', headers })).json().settled;
  }
  t.ok(settled, 'every delivery finished');
  const { deliveries } = (await app.inject({ method: 'GET', url: '/__billsim/webhooks/deliveries', headers })).json();
  t.equal(deliveries.filter((d: { state: string }) => d.state === 'delivered').length, 1000);
  t.equal(rx.received.length, 1000, 'each sent once');
  const ticketIds = rx.received.map((r) => Number(JSON.parse(r.body).ticket_id));
  t.strictSame(
    ticketIds,
    [...ticketIds].sort((a, b) => a - b),
    'in the order raised',
  );
  t.equal(new Set(ticketIds).size, 1000, 'no event twice, none missing');
});
