// What survives a restart with --data, what the command line and a fixtures
// folder start with, and the in-process handle.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { api, assertSuccess, build, FROZEN_NOW } from '../helpers/app.js';
import { receiver } from '../helpers/receiver.js';
import { buildApp } from '../../src/app.js';
import { createSimulator } from '../../src/simulator.js';
import { parseCli } from '../../src/cli/options.js';
import { defaultFixturesDir } from '../../src/paths.js';
import { logFileOf } from '../../src/store/data-files.js';

const headers = { 'x-billsim-control': '1' };
const ticket = { client_id: '1', subject: 's', body: 'b', dept_id: '1' };

t.test('a --data restart delivers what was pending', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-hooks-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const dataFile = path.join(dir, 'state.json');
  const rx = await receiver(t);
  rx.hold = true;
  const first = await buildApp({ now: FROZEN_NOW, dataFile, webhookDelivery: { timeoutMs: 60_000 } });
  await first.ready();
  await first.inject({ method: 'POST', url: '/__billsim/webhooks', headers, payload: { url: rx.url, secret: 'k' } });
  for (const subject of ['a', 'b']) {
    assertSuccess(t, await api(first, 'addTicket', { ...ticket, subject }), 'addTicket');
  }
  const held = (await first.inject({ method: 'GET', url: '/__billsim/webhooks/deliveries?wait=0.1', headers })).json();
  t.equal(held.pending, 2);
  await first.close();
  // The receiver saw the first attempt but never answered it: it is still owed both.
  await rx.close();
  // The receiver comes back on the same address.
  const again = await receiver(t, Number(new URL(rx.url).port));
  // Held until the restarted app's deliveries are seen pending: it starts delivering at once.
  again.hold = true;
  const saved = JSON.parse(fs.readFileSync(dataFile, 'utf8'));
  t.ok(saved, 'the data file is written');

  const second = await buildApp({ now: FROZEN_NOW, dataFile, webhookDelivery: { backoffMs: 1 } });
  t.teardown(() => second.close());
  await second.ready();
  const hooks = (await second.inject({ method: 'GET', url: '/__billsim/webhooks', headers })).json().webhooks;
  t.equal(hooks.length, 1, 'the webhook is kept');
  const session = second.billsim.sessions.get('default');
  const owed = session.webhooks.deliveries();
  t.strictSame(
    owed.map((d) => d.state),
    ['pending', 'pending'],
    'both deliveries are still owed after the restart',
  );
  again.release();
  const done = (await second.inject({ method: 'GET', url: '/__billsim/webhooks/deliveries?wait=10', headers })).json();
  t.equal(done.settled, true);
  t.strictSame(
    again.received.map((r) => JSON.parse(r.body).subject),
    ['a', 'b'],
    'both pending deliveries arrive after the restart, in order',
  );
});

t.test('--data: a mutation and the deliveries its events queue are one write, so a crash after it loses neither', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-hooks-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const dataFile = path.join(dir, 'state.json');
  const rx = await receiver(t);
  rx.hold = true;
  const first = await buildApp({ now: FROZEN_NOW, dataFile, webhookDelivery: { timeoutMs: 60_000 } });
  t.teardown(() => first.close());
  await first.ready();
  await first.inject({
    method: 'POST',
    url: '/__billsim/webhooks',
    headers,
    payload: { url: rx.url, secret: 'k', events: ['after_ticketopen'] },
  });
  assertSuccess(t, await api(first, 'addTicket', { ...ticket, subject: 'crash' }), 'addTicket');
  const lines = fs
    .readFileSync(logFileOf(dataFile), 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line));
  const at = lines.findIndex((entry) => entry.changes.some((c: { collection: string }) => c.collection === 'tickets'));
  t.ok(at >= 0, 'the new ticket is in the log');
  const pending = lines[at].session?.webhooks?.pending ?? [];
  t.strictSame(
    pending.map((d: { event: string; state: string; body: string }) => [d.event, d.state, JSON.parse(d.body).subject]),
    [['after_ticketopen', 'pending', 'crash']],
    "the ticket's own write holds its delivery",
  );
  t.equal(at, lines.length - 1, 'no later write was needed to keep it');

  // The process dies right after that write: a copy of the files as they are is what a restart reads.
  const crashed = path.join(dir, 'crashed.json');
  fs.copyFileSync(dataFile, crashed);
  fs.copyFileSync(logFileOf(dataFile), logFileOf(crashed));
  const second = await buildApp({ now: FROZEN_NOW, dataFile: crashed, webhookDelivery: { backoffMs: 1 } });
  t.teardown(() => second.close());
  await second.ready();
  rx.release();
  const done = (await second.inject({ method: 'GET', url: '/__billsim/webhooks/deliveries?wait=10', headers })).json();
  t.strictSame(
    done.deliveries.map((d: { event: string; state: string; body: string }) => [d.event, d.state, JSON.parse(d.body).subject]),
    [['after_ticketopen', 'delivered', 'crash']],
    'the restarted app delivers it',
  );
});

t.test('--webhook flags: one secret per URL, events by comma', async (t) => {
  const config = parseCli(
    ['--webhook', 'http://127.0.0.1:9/h', '--webhook-secret', 's', '--webhook-events', 'after_clientadded,after_ticketopen'],
    {},
  );
  t.strictSame(config.webhooks, [{ url: 'http://127.0.0.1:9/h', secret: 's', events: ['after_clientadded', 'after_ticketopen'] }]);
  t.throws(() => parseCli(['--webhook', 'http://127.0.0.1:9/h'], {}), /give one --webhook-secret for each --webhook/);
  t.strictSame(parseCli([], { BILLSIM_WEBHOOK: 'http://x/h', BILLSIM_WEBHOOK_SECRET: 'z' }).webhooks, [{ url: 'http://x/h', secret: 'z' }]);
  await t.rejects(buildApp({ webhooks: [{ url: 'http://127.0.0.1:9/h', secret: 's', events: ['after_nothing'] }] }), /events must be/);
});

t.test('the default session starts with the command line webhooks, every session with the fixtures folder ones', async (t) => {
  const rx = await receiver(t);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-fixtures-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.cpSync(defaultFixturesDir, dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'webhooks.json'), JSON.stringify([{ url: rx.url, secret: 'f', events: ['after_ticketopen'] }]));
  const app = await build(t, {
    fixturesDir: dir,
    webhooks: [{ url: rx.url, secret: 'c', events: ['after_ticketopen'] }],
    webhookDelivery: { backoffMs: 1 },
  });
  const list = (name: string) =>
    app.inject({ method: 'GET', url: '/__billsim/webhooks', headers: { ...headers, 'x-billsim-session': name } });
  t.equal((await list('default')).json().webhooks.length, 2);
  t.equal((await list('other')).json().webhooks.length, 1);
  assertSuccess(t, await api(app, 'addTicket', ticket, { session: 'other' }), 'addTicket');
  await app.inject({ method: 'GET', url: '/__billsim/webhooks/deliveries?wait=10', headers: { ...headers, 'x-billsim-session': 'other' } });
  t.equal(rx.received.length, 1);
  fs.writeFileSync(path.join(dir, 'webhooks.json'), JSON.stringify([{ url: rx.url }]));
  await t.rejects(buildApp({ fixturesDir: dir }), /secret must be given/);
});

t.test('in-process: events, deliveries and webhooksSettled, so a test never sleeps', async (t) => {
  const sim = await createSimulator({ now: FROZEN_NOW, webhookDelivery: { backoffMs: 1 } });
  t.teardown(() => sim.close());
  const rx = await receiver(t);
  const session = sim.session();
  const hook = await session.addWebhook({ url: rx.url, secret: 'k', events: ['after_ticketopen'] });
  t.equal(hook.secret, 'k');
  assertSuccess(t, await api(sim.app, 'addTicket', ticket), 'addTicket');
  await session.webhooksSettled();
  t.strictSame(
    (await session.events()).map((e) => e.event),
    ['after_ticketopen'],
  );
  t.strictSame(
    (await session.deliveries()).map((d) => d.state),
    ['delivered'],
  );
  t.equal(rx.received.length, 1);
  await session.reset();
  t.strictSame(await session.events(), [], 'a reset forgets the events and deliveries');
  t.strictSame(await session.webhooks(), [], 'and goes back to the webhooks it started with');
  await t.rejects(session.removeWebhook(1), /Webhook 1 not found/);
});
