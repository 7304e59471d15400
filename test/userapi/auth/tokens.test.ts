import t from 'tap';
import { build, storeJson } from '../../helpers/app.js';
import { ALICE, assertAnswer, assertRefused, door, login, TOM } from '../../helpers/door.js';

async function moveClock(app: Awaited<ReturnType<typeof build>>, change: object) {
  const response = await app.inject({ method: 'POST', url: '/__billsim/clock', payload: change });
  if (response.statusCode !== 200) throw new Error(response.body);
}

t.test('a personal access token is shown once, listed without its secret, and stands for its owner', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const made = assertAnswer(
    t,
    await door(app, 'POST', '/tokens', { name: 'CI deploys', expires_at: '2026-12-31' }, { token }),
    'postTokens',
  );
  t.strictSame(made, {
    id: '2',
    name: 'CI deploys',
    token: made.token,
    created_at: '2026-11-20 12:00:00',
    expires_at: '2026-12-31 23:59:59',
    info: ['Personal access token 2 created: it is shown this once'],
  });
  t.match(made.token, /^bspat_/);
  const forever = assertAnswer(t, await door(app, 'POST', '/tokens', { name: 'laptop' }, { token, via: 'form' }), 'postTokens');
  t.equal(forever.expires_at, '0000-00-00 00:00:00', 'no end given: none');
  const list = assertAnswer(t, await door(app, 'GET', '/tokens', {}, { token }), 'getTokens');
  t.strictSame(list, {
    tokens: [
      { id: '2', name: 'CI deploys', created_at: '2026-11-20 12:00:00', expires_at: '2026-12-31 23:59:59' },
      { id: '3', name: 'laptop', created_at: '2026-11-20 12:00:00', expires_at: '0000-00-00 00:00:00' },
    ],
  });
  t.notMatch(JSON.stringify(list), made.token as string, 'the secret is never listed');
  const pat = made.token as string;
  t.match(await door(app, 'GET', '/details', {}, { token: pat }), { status: 200, body: { client: { id: '1' } } });
  // The access token's hour has long passed; the personal token lasts to its own end.
  await moveClock(app, { now: '2026-12-31 23:59:58' });
  t.match(await door(app, 'GET', '/details', {}, { token: pat }), { status: 200 });
  await moveClock(app, { advanceSeconds: 1 });
  assertRefused(t, await door(app, 'GET', '/details', {}, { token: pat }), 401, ['token_expired']);
});

t.test('a personal token cannot make or list tokens; logging out with it revokes it', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const pat = assertAnswer(t, await door(app, 'POST', '/tokens', { name: 'agent' }, { token }), 'postTokens').token as string;
  const before = storeJson(app);
  const refusal = ['A personal access token cannot make or list other tokens: log in with e-mail and password'];
  assertRefused(t, await door(app, 'POST', '/tokens', { name: 'another' }, { token: pat }), 403, refusal);
  assertRefused(t, await door(app, 'GET', '/tokens', {}, { token: pat }), 403, refusal);
  t.equal(storeJson(app), before, 'nothing was made');
  const out = assertAnswer(t, await door(app, 'POST', '/logout', {}, { token: pat }), 'postLogout');
  t.strictSame(out, { info: ['Personal access token 2 revoked'] });
  assertRefused(t, await door(app, 'GET', '/details', {}, { token: pat }), 401, ['unauthorized']);
});

t.test("deleting a personal token revokes it; another person's token answers as missing", async (t) => {
  const app = await build(t);
  const alice = await login(app, ALICE);
  const pat = assertAnswer(t, await door(app, 'POST', '/tokens', { name: 'agent' }, { token: alice }), 'postTokens');
  const tom = await login(app, TOM);
  const before = storeJson(app);
  assertRefused(t, await door(app, 'DELETE', `/tokens/${pat.id}`, {}, { token: tom }), 404, [`Personal access token ${pat.id} not found`]);
  assertRefused(t, await door(app, 'DELETE', '/tokens/99', {}, { token: alice }), 404, ['Personal access token 99 not found']);
  assertRefused(t, await door(app, 'DELETE', '/tokens/abc', {}, { token: alice }), 200, [
    'Parameter id must be a positive whole number id, such as 1',
  ]);
  t.equal(storeJson(app), before, 'refusals change nothing');
  t.strictSame(assertAnswer(t, await door(app, 'DELETE', `/tokens/${pat.id}`, {}, { token: alice }), 'deleteTokensId'), {
    info: [`Personal access token ${pat.id} revoked`],
  });
  assertRefused(t, await door(app, 'GET', '/details', {}, { token: pat.token as string }), 401, ['unauthorized']);
  t.strictSame(assertAnswer(t, await door(app, 'GET', '/tokens', {}, { token: alice }), 'getTokens'), { tokens: [] });
});

t.test('bad input to POST /tokens gets every problem at once', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const before = storeJson(app);
  const answer = await door(app, 'POST', '/tokens', { expires_at: 'soon' }, { token });
  t.equal(answer.status, 200);
  t.equal((answer.body.error as string[]).length, 2, JSON.stringify(answer.body));
  t.match(answer.body.error, [/name/, /expires_at/]);
  t.equal(storeJson(app), before);
});
