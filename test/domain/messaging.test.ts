import t from 'tap';
import { messageProblems, notifyStaff, recipients } from '../../src/domain/messaging.js';
import { world, write } from '../helpers/world.js';
import type { Client } from '../../src/generated/wire.js';

const client = { id: '4', email: 'dana@example.com' } as Client;

t.test('messageProblems: subject and body unless a template stands in, a recipient unless a client is named', async (t) => {
  t.strictSame(messageProblems({ subject: 'S', body: 'B', to: 'a@example.com' }), []);
  t.strictSame(messageProblems({ template: '3', client }), [], 'a template needs no subject or body');
  t.strictSame(messageProblems({ subject: '', body: 'B', client }), ['Parameter subject is required when no template is given']);
  t.strictSame(messageProblems({}), [
    'Parameter subject is required when no template is given',
    'Parameter body is required when no template is given',
    'Parameter to is required when no client_id is given',
  ]);
});

t.test("recipients: to's addresses first, else the client at the override or its own address", async (t) => {
  t.strictSame(recipients({ to: ' a@example.com ;b@example.com;', client }), ['a@example.com', 'b@example.com']);
  t.strictSame(recipients({ client, emailOverride: 'x@example.com' }), ['x@example.com']);
  t.strictSame(recipients({ client }), ['dana@example.com']);
  t.strictSame(recipients({}), []);
});

t.test('notifyStaff: one entry per Active admin, in id order', async (t) => {
  const w = world({ admins: [{}, { status: 'Inactive', email: 'b@example.com' }, { email: 'c@example.com' }] });
  const sent = write(w, () => notifyStaff(w, 'Node down', new Date('2026-11-20T00:00:00Z')));
  t.strictSame(
    sent.map((e) => [e.to, e.related]),
    [
      ['admin@example.com', { admin_id: '1' }],
      ['c@example.com', { admin_id: '3' }],
    ],
  );
});
