import t from 'tap';
import { build, storeJson } from '../../helpers/app.js';
import { ALICE, assertAnswer, assertRefused, CLIENT_PASSWORD, door, login, loginTokens, TOM } from '../../helpers/door.js';

function claimsOf(token: string): Record<string, unknown> {
  const [header, payload] = token.split('.');
  return { header: JSON.parse(Buffer.from(header, 'base64url').toString()), ...JSON.parse(Buffer.from(payload, 'base64url').toString()) };
}

async function moveClock(app: Awaited<ReturnType<typeof build>>, change: object, session?: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/__billsim/clock',
    payload: change,
    headers: session ? { 'x-billsim-session': session } : {},
  });
  if (response.statusCode !== 200) throw new Error(response.body);
}

t.test('a login answers an RS256 access token for the client, on the session clock, and a refresh token', async (t) => {
  const app = await build(t);
  for (const via of ['json', 'form', 'query'] as const) {
    const answer = await door(app, 'POST', '/login', { username: ALICE, password: CLIENT_PASSWORD }, { via });
    const body = assertAnswer(t, answer, 'postLogin');
    t.strictSame(Object.keys(body), ['token', 'refresh'], `${via}: the keys clients read, nothing else`);
    t.match(body.refresh, /^bsr_/);
    const claims = claimsOf(body.token as string);
    // 2026-11-20 12:00:00 UTC, the test clock, and an hour later.
    t.match(claims, {
      header: { typ: 'JWT', alg: 'RS256' },
      iss: 'billsim',
      sub: '1',
      client_id: '1',
      contact_id: '0',
      session: 'default',
      iat: 1795176000,
      exp: 1795179600,
    });
  }
  const tom = claimsOf(await login(app, TOM));
  t.match(tom, { sub: '10', client_id: '1', contact_id: '10' }, 'a contact stands for itself and sees its client');
});

t.test('a wrong login answers HTTP 200 wronglogin, the same for every cause, and changes nothing', async (t) => {
  const app = await build(t);
  // A first login makes the session's signing key: the refusals below must not change anything after it.
  await login(app, ALICE);
  const before = storeJson(app);
  const wrong = [
    { username: ALICE, password: 'wrong' },
    { username: 'nobody@example.com', password: CLIENT_PASSWORD },
    // Henrik (client 8) is Inactive.
    { username: 'henrik@nilsson-outdoor.com', password: CLIENT_PASSWORD },
  ];
  for (const input of wrong) assertRefused(t, await door(app, 'POST', '/login', input), 200, ['wronglogin']);
  assertRefused(t, await door(app, 'POST', '/login', {}), 200, ['Parameter username is required', 'Parameter password is required']);
  t.equal(storeJson(app), before, 'nothing changed');
});

t.test('a login records the moment in the client record the Admin API shows', async (t) => {
  const app = await build(t);
  await login(app, ALICE);
  const response = await app.inject({ url: '/admin/api.php?call=getClientDetails&id=1&api_id=billsim&api_key=billsim-secret' });
  t.equal(response.json().client.lastlogin, '2026-11-20 12:00:00');
});

t.test('an access token works up to its last second and expires when the clock passes exp', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  await moveClock(app, { advanceSeconds: 3599 });
  assertAnswer(t, await door(app, 'GET', '/details', {}, { token }), 'getDetails');
  await moveClock(app, { advanceSeconds: 1 });
  assertRefused(t, await door(app, 'GET', '/details', {}, { token }), 401, ['token_expired']);
  // Back before exp, the same token works again: the clock decides.
  await moveClock(app, { advanceSeconds: -10 });
  assertAnswer(t, await door(app, 'GET', '/details', {}, { token }), 'getDetails');
});

t.test('a refresh rotates: new tokens work, the used refresh token is refused', async (t) => {
  const app = await build(t);
  const first = await loginTokens(app, ALICE);
  await moveClock(app, { advanceSeconds: 4000 });
  const refreshed = assertAnswer(t, await door(app, 'POST', '/token', { refresh_token: first.refresh }), 'postToken');
  t.not(refreshed.refresh, first.refresh, 'a new refresh token');
  t.match(claimsOf(refreshed.token as string), { exp: 1795176000 + 4000 + 3600 });
  assertAnswer(t, await door(app, 'GET', '/details', {}, { token: refreshed.token as string }), 'getDetails');
  const before = storeJson(app);
  assertRefused(t, await door(app, 'POST', '/token', { refresh_token: first.refresh }), 401, ['unauthorized']);
  assertRefused(t, await door(app, 'POST', '/token', { refresh_token: 'bsr_nonsense' }), 401, ['unauthorized']);
  assertRefused(t, await door(app, 'POST', '/token', {}), 200, ['Parameter refresh_token is required']);
  t.equal(storeJson(app), before, 'refusals change nothing');
  // A refresh token lasts 30 days from its last use.
  await moveClock(app, { advanceSeconds: 30 * 86400 - 4000 });
  await moveClock(app, { advanceSeconds: 4000 });
  assertRefused(t, await door(app, 'POST', '/token', { refresh_token: refreshed.refresh }), 401, ['token_expired']);
});

t.test('revoke ends the login, by its refresh token or by its access token', async (t) => {
  const app = await build(t);
  const byRefresh = await loginTokens(app, ALICE);
  const revoked = assertAnswer(t, await door(app, 'POST', '/revoke', { refresh_token: byRefresh.refresh }), 'postRevoke');
  t.strictSame(revoked, { info: ['Login 1 revoked: its access and refresh tokens no longer work'] });
  assertRefused(t, await door(app, 'GET', '/details', {}, { token: byRefresh.token }), 401, ['unauthorized']);
  assertRefused(t, await door(app, 'POST', '/token', { refresh_token: byRefresh.refresh }), 401, ['unauthorized']);

  const byAccess = await loginTokens(app, ALICE);
  assertAnswer(t, await door(app, 'POST', '/revoke', {}, { token: byAccess.token }), 'postRevoke');
  assertRefused(t, await door(app, 'POST', '/token', { refresh_token: byAccess.refresh }), 401, ['unauthorized']);
  assertRefused(t, await door(app, 'POST', '/revoke', {}), 200, [
    'Send refresh_token, or call with the access token of the login to revoke',
  ]);
});

t.test('logout ends the access token only; the refresh token still works', async (t) => {
  const app = await build(t);
  const tokens = await loginTokens(app, ALICE);
  const out = assertAnswer(t, await door(app, 'POST', '/logout', {}, { token: tokens.token }), 'postLogout');
  t.strictSame(out, { info: ["Access token ended: the login's refresh token still works"] });
  assertRefused(t, await door(app, 'GET', '/details', {}, { token: tokens.token }), 401, ['unauthorized']);
  const again = assertAnswer(t, await door(app, 'POST', '/token', { refresh_token: tokens.refresh }), 'postToken');
  assertAnswer(t, await door(app, 'GET', '/details', {}, { token: again.token as string }), 'getDetails');
});

t.test('HTTP Basic with e-mail and password stands for the client on every request', async (t) => {
  const app = await build(t);
  const body = assertAnswer(t, await door(app, 'GET', '/details', {}, { basic: [TOM, CLIENT_PASSWORD] }), 'getDetails');
  t.match(body, { client: { id: '10' } });
  assertRefused(t, await door(app, 'GET', '/details', {}, { basic: [TOM, 'wrong'] }), 401, ['wronglogin']);
  const out = assertAnswer(t, await door(app, 'POST', '/logout', {}, { basic: [TOM, CLIENT_PASSWORD] }), 'postLogout');
  t.strictSame(out, { info: ['Nothing to end: HTTP Basic sends the password with every request'] });
});

t.test('a login is made in the session its header names, and its token carries that session', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE, { session: 'shop-1' });
  t.match(claimsOf(token), { session: 'shop-1' });
  // Renamed in session shop-1 only: the door, without a header, reads shop-1's world.
  const renamed = await app.inject({
    url: '/admin/api.php?call=setClientDetails&id=1&firstname=Alicia&api_id=billsim&api_key=billsim-secret',
    headers: { 'x-billsim-session': 'shop-1' },
  });
  t.equal(renamed.json().success, true);
  t.match(await door(app, 'GET', '/details', {}, { token }), { status: 200, body: { client: { firstname: 'Alicia' } } });
  t.match(await door(app, 'GET', '/details', {}, { token, session: 'shop-1' }), { status: 200 });
  assertRefused(t, await door(app, 'GET', '/details', {}, { token, session: 'other' }), 401, [
    'The token was issued in session shop-1, but the request names session other: send it without x-billsim-session, or log in in that session',
  ]);
  // The default session never made this token: its key does not check it.
  const forged = token.replace(/^([^.]+)\.([^.]+)\./, (_all, header: string, payload: string) => {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    return `${header}.${Buffer.from(JSON.stringify({ ...claims, session: 'default' })).toString('base64url')}.`;
  });
  assertRefused(t, await door(app, 'GET', '/details', {}, { token: forged }), 401, ['unauthorized']);
});

t.test('a reset drops the signing key: tokens signed before stop working', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const reset = await app.inject({ method: 'POST', url: '/__billsim/reset', payload: {} });
  t.equal(reset.statusCode, 200, reset.body);
  assertRefused(t, await door(app, 'GET', '/details', {}, { token }), 401, ['unauthorized']);
});

t.test('an account closed after its login cannot use or refresh its tokens', async (t) => {
  const app = await build(t);
  const tokens = await loginTokens(app, TOM);
  const closed = await app.inject({ url: '/admin/api.php?call=setClientDetails&id=1&status=Closed&api_id=billsim&api_key=billsim-secret' });
  t.equal(closed.json().success, true);
  assertRefused(t, await door(app, 'GET', '/details', {}, { token: tokens.token }), 401, ['unauthorized']);
  assertRefused(t, await door(app, 'POST', '/token', { refresh_token: tokens.refresh }), 401, ['unauthorized']);
});
