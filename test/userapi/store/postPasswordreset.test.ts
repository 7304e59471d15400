import t from 'tap';
import { api, assertSuccess, build, storeJson } from '../../helpers/app.js';
import { ALICE, assertAnswer, door, login, TOM } from '../../helpers/door.js';

const SENT = { info: ['If an account uses this e-mail, a password reset link was sent to it'] };

async function emailsOf(app: Awaited<ReturnType<typeof build>>, id: string) {
  return assertSuccess(t, await api(app, 'getClientEmails', { id }), 'getClientEmails').emails as Array<Record<string, unknown>>;
}

t.test('a known e-mail gets a reset message in the outbox; nothing else changes and the password still works', async (t) => {
  const app = await build(t);
  const before = JSON.parse(storeJson(app));
  const body = assertAnswer(
    t,
    await door(app, 'POST', '/passwordreset', { email: ALICE.toUpperCase() }, { via: 'form' }),
    'postPasswordreset',
  );
  t.strictSame(body, SENT);
  const emails = await emailsOf(app, '1');
  t.match(emails[0], { subject: 'Password reset request' });
  const after = JSON.parse(storeJson(app));
  t.equal(after.emails.length, before.emails.length + 1, 'one message added');
  t.strictSame({ ...after, emails: [] }, { ...before, emails: [] }, 'nothing but the outbox changed');
  await login(app, ALICE);
});

t.test("a contact's own e-mail gets the message addressed to the contact", async (t) => {
  const app = await build(t);
  assertAnswer(t, await door(app, 'POST', '/passwordreset', { email: TOM }), 'postPasswordreset');
  const emails = await emailsOf(app, '10');
  t.match(emails[0], { subject: 'Password reset request' });
});

t.test('an unknown e-mail, or an account that may not log in, gets the same answer and changes nothing', async (t) => {
  const app = await build(t);
  const before = storeJson(app);
  const unknown = await door(app, 'POST', '/passwordreset', { email: 'nobody@example.org' });
  t.strictSame(assertAnswer(t, unknown, 'postPasswordreset'), SENT);
  // Client 8 is Inactive: it may not log in, so no link is sent.
  const inactive = await door(app, 'POST', '/passwordreset', { email: 'henrik@nilsson-outdoor.com' });
  t.strictSame(assertAnswer(t, inactive, 'postPasswordreset'), SENT);
  t.equal(storeJson(app), before);
});

t.test('a malformed or missing e-mail is refused and changes nothing', async (t) => {
  const app = await build(t);
  const before = storeJson(app);
  for (const input of [{}, { email: 'nope' }]) {
    const answer = await door(app, 'POST', '/passwordreset', input);
    t.equal(answer.status, 200);
    t.equal((answer.body.error as string[]).length, 1, JSON.stringify(answer.body));
    t.match((answer.body.error as string[])[0], /email/);
  }
  t.equal(storeJson(app), before);
});
