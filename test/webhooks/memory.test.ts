// Raised events and deliveries fit the memory budget: the oldest finished go
// first, pending deliveries never, and /health shows what they take and what
// was dropped.
import t from 'tap';
import { api, assertSuccess, build } from '../helpers/app.js';
import { receiver } from '../helpers/receiver.js';
import { MemoryBudget } from '../../src/session/memory.js';
import { Webhooks } from '../../src/session/webhooks.js';

const NOW = () => new Date('2026-11-20T12:00:00Z');
const raise = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({ event: 'after_ticketopen', payload: { ticket_id: from + i, body: 'x'.repeat(200) } }));

t.test('raised events leave the budget oldest first, and are counted as dropped', async (t) => {
  const budget = new MemoryBudget(10_000);
  const hooks = new Webhooks({ now: NOW, budget });
  hooks.accept(raise(100), false);
  const kept = hooks.events().map((e) => e.payload.ticket_id);
  t.ok(kept.length > 0 && kept.length < 100, `some kept, not all (${kept.length})`);
  t.strictSame(
    kept,
    Array.from({ length: kept.length }, (_, i) => 100 - kept.length + i),
    'the newest, in order',
  );
  const use = budget.use();
  t.ok(use.events > 0 && use.used <= 10_000, 'counted within the budget');
  t.equal(use.dropped.events, 100 - kept.length, 'every dropped event counted');
  hooks.reset([]);
  t.equal(budget.use().events, 0, 'a reset gives the room back');
});

t.test('pending deliveries are never dropped; finished ones go oldest first', async (t) => {
  const rx = await receiver(t);
  rx.hold = true;
  const budget = new MemoryBudget(120_000);
  const hooks = new Webhooks({ now: NOW, budget, delivery: { backoffMs: 1, timeoutMs: 30_000 } });
  t.teardown(() => hooks.stop());
  hooks.add({ url: rx.url, secret: 's', events: [], contentType: 'json', timestamp: 'real' });
  hooks.accept(raise(200), false);
  t.equal(hooks.deliveries().length, 200, 'all 200 kept while pending, over the budget');
  t.equal(hooks.pending, 200);
  t.equal(budget.use().deliveries, 0, 'pending ones are not droppable material');
  // The held receiver answers each as it arrives, until all are through.
  const timer = setInterval(() => rx.release(), 5);
  await hooks.settled();
  clearInterval(timer);
  t.equal(rx.received.length, 200, 'every one delivered');
  const left = hooks.deliveries();
  t.ok(left.length > 0 && left.length < 200, `finished ones dropped to fit (${left.length} kept)`);
  t.ok(
    left.every((d) => d.state === 'delivered'),
    'what is kept is delivered',
  );
  t.strictSame(
    left.map((d) => d.id),
    Array.from({ length: left.length }, (_, i) => 201 - left.length + i),
    'the newest kept, in order',
  );
  const use = budget.use();
  t.equal(use.dropped.deliveries, 200 - left.length);
  t.equal(use.dropped.events, 0, 'finished deliveries go before raised events');
  t.ok(use.used <= 120_000);
  t.equal(hooks.delivery(1), undefined, 'a dropped one is gone by id too');
});

t.test('/health reports the memory events take and how many were dropped', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, 'addTicket', { client_id: '1', subject: 's', body: 'b', dept_id: '1' }), 'addTicket');
  const health = (await app.inject({ method: 'GET', url: '/__billsim/health' })).json();
  const { used, answers, deliveries, events, journal, snapshots, state, dropped } = health.memory;
  t.ok(events > 0, 'the raised event is counted');
  t.equal(used, answers + deliveries + events + journal + snapshots + state);
  t.equal(dropped.events, 0);
});
