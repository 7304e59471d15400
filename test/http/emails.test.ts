import t from 'tap';
import { build } from '../helpers/app.js';
import { recordEmail, MAX_EMAILS } from '../../src/domain/outbox.js';
import { createSimulator } from '../../src/simulator.js';

const NOW = new Date('2026-11-20T12:00:00Z');

t.test('the outbox lists what billsim would have sent, newest first, filtered by recipient, and clears', async (t) => {
  const app = await build(t);
  const { world } = app.billsim.sessions.get('default');
  await world.mutate(() => {
    recordEmail(world, { to: 'alice@morgan-design.com', subject: 'Welcome', template: 'Client Signup', clientId: '1' }, NOW);
    recordEmail(
      world,
      { to: 'Bob@example.com', subject: 'Order #1', template: 'Order Confirmation', clientId: '2', related: { order_id: '7' } },
      NOW,
    );
  });
  const list = await app.inject({ method: 'GET', url: '/__billsim/emails' });
  t.equal(list.statusCode, 200);
  t.strictSame(list.json(), {
    emails: [
      {
        id: '2',
        date: '2026-11-20 12:00:00',
        to: 'Bob@example.com',
        subject: 'Order #1',
        template: 'Order Confirmation',
        client_id: '2',
        related: { order_id: '7' },
      },
      {
        id: '1',
        date: '2026-11-20 12:00:00',
        to: 'alice@morgan-design.com',
        subject: 'Welcome',
        template: 'Client Signup',
        client_id: '1',
        related: {},
      },
    ],
  });
  const bob = await app.inject({ method: 'GET', url: '/__billsim/emails?to=bob@EXAMPLE.com' });
  t.strictSame(
    bob.json().emails.map((e: { id: string }) => e.id),
    ['2'],
    'recipient compared case-insensitively',
  );
  const other = await app.inject({ method: 'GET', url: '/__billsim/emails', headers: { 'x-billsim-session': 'other' } });
  t.strictSame(other.json(), { emails: [] }, 'each session has its own outbox');
  t.strictSame((await app.inject({ method: 'DELETE', url: '/__billsim/emails', headers: { 'x-billsim-control': '1' } })).json(), {
    cleared: true,
  });
  t.strictSame((await app.inject({ method: 'GET', url: '/__billsim/emails' })).json(), { emails: [] });
});

t.test('a failed mutation leaves no message; reset empties the outbox; the oldest go beyond the cap', async (t) => {
  const sim = await createSimulator({ now: NOW });
  t.teardown(() => sim.close());
  const { world } = sim.app.billsim.sessions.get('default');
  await t.rejects(
    world.mutate(() => {
      recordEmail(world, { to: 'a@example.com', subject: 'x', template: 'T', clientId: '1' }, NOW);
      throw new Error('the call failed after deciding to send');
    }),
  );
  t.strictSame(await sim.session().emails(), [], 'rolled back with the call');
  await world.mutate(() => {
    for (let i = 0; i < MAX_EMAILS + 2; i++)
      recordEmail(world, { to: `c${i}@example.com`, subject: 's', template: 'T', clientId: '1' }, NOW);
  });
  const kept = await sim.session().emails();
  t.equal(kept.length, MAX_EMAILS);
  t.equal(kept.at(-1)?.to, 'c2@example.com', 'the two oldest were dropped');
  t.equal((await sim.session().emails({ to: 'c5@example.com' })).length, 1);
  await sim.session().reset();
  t.strictSame(await sim.session().emails(), [], 'reset empties it');
});
