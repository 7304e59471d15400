import t from 'tap';
import { build, storeJson } from '../../helpers/app.js';
import { assertAnswer, assertRefused, CLIENT_PASSWORD, door, GRACE, GRACE_TOTP_SECRET } from '../../helpers/door.js';
import { codeAt } from '../../../src/domain/customerTokens.js';

const NOW = new Date('2026-11-20T12:00:00Z');

async function challenge(app: Awaited<ReturnType<typeof build>>): Promise<Record<string, unknown>> {
  return assertAnswer(t, await door(app, 'POST', '/login', { username: GRACE, password: CLIENT_PASSWORD }), 'postLogin');
}

t.test('a client with two-factor on gets a challenge, then tokens for the right TOTP code', async (t) => {
  const app = await build(t);
  const first = await challenge(app);
  t.strictSame(Object.keys(first), ['token', 'refresh', 'mfa']);
  t.equal(first.token, null);
  t.equal(first.refresh, null);
  const mfa = first.mfa as { token: string; methods: string[]; expires_at: number };
  t.strictSame(mfa.methods, ['google_authenticator']);
  t.equal(mfa.expires_at, Math.floor(NOW.getTime() / 1000) + 300);
  // The challenge is no access token.
  assertRefused(t, await door(app, 'GET', '/details', {}, { token: mfa.token }), 401, [
    'This token finishes a two-factor login only: send it to POST /api/mfa/verify',
  ]);
  const before = storeJson(app);
  const wrongCode = String((Number(codeAt({ secret: GRACE_TOTP_SECRET }, NOW)) + 1) % 1_000_000).padStart(6, '0');
  assertRefused(
    t,
    await door(app, 'POST', '/mfa/verify', { method: 'google_authenticator', payload: { code: wrongCode } }, { token: mfa.token }),
    200,
    ['wrongcode'],
  );
  assertRefused(t, await door(app, 'POST', '/mfa/verify', { method: 'sms', payload: {} }, { token: mfa.token }), 200, [
    'Parameter method must be one of: google_authenticator',
    'Parameter payload[code] is required',
  ]);
  t.equal(storeJson(app), before, 'refusals change nothing');
  const code = codeAt({ secret: GRACE_TOTP_SECRET }, NOW);
  const done = assertAnswer(
    t,
    await door(app, 'POST', '/mfa/verify', { method: 'google_authenticator', payload: { code } }, { token: mfa.token }),
    'postMfaVerify',
  );
  t.strictSame(Object.keys(done), ['token', 'refresh', 'mfa']);
  t.equal(done.mfa, null);
  t.match(await door(app, 'GET', '/details', {}, { token: done.token as string }), { status: 200, body: { client: { id: '7' } } });
});

t.test('the code is checked at the session clock, and the challenge ends after five minutes', async (t) => {
  const app = await build(t);
  const mfa = (await challenge(app)).mfa as { token: string };
  const move = (seconds: number) => app.inject({ method: 'POST', url: '/__billsim/clock', payload: { advanceSeconds: seconds } });
  await move(240);
  const later = new Date(NOW.getTime() + 240_000);
  // The code of four minutes ago is stale; the one of the session's time works.
  assertRefused(
    t,
    await door(
      app,
      'POST',
      '/mfa/verify',
      { method: 'google_authenticator', payload: { code: codeAt({ secret: GRACE_TOTP_SECRET }, NOW) } },
      { token: mfa.token },
    ),
    200,
    ['wrongcode'],
  );
  assertAnswer(
    t,
    await door(
      app,
      'POST',
      '/mfa/verify',
      { method: 'google_authenticator', payload: { code: codeAt({ secret: GRACE_TOTP_SECRET }, later) } },
      { token: mfa.token },
    ),
    'postMfaVerify',
  );
  await move(60);
  const end = new Date(NOW.getTime() + 300_000);
  assertRefused(
    t,
    await door(
      app,
      'POST',
      '/mfa/verify',
      { method: 'google_authenticator', payload: { code: codeAt({ secret: GRACE_TOTP_SECRET }, end) } },
      { token: mfa.token },
    ),
    401,
    ['token_expired'],
  );
});

t.test('an access token or Basic cannot finish a two-factor login', async (t) => {
  const app = await build(t);
  const refusal = ['POST /api/mfa/verify takes the mfa.token POST /api/login answered to an account with two-factor authentication'];
  const input = { method: 'google_authenticator', payload: { code: '123456' } };
  assertRefused(t, await door(app, 'POST', '/mfa/verify', input, { basic: [GRACE, CLIENT_PASSWORD] }), 401, refusal);
  assertRefused(t, await door(app, 'POST', '/mfa/verify', input), 401, ['unauthorized']);
});
