import t, { type Test } from 'tap';
import { api, assertSuccess, build, storeJson } from '../../helpers/app.js';
import { read } from '../../helpers/reads.js';
import { assertAnswer, assertRefused, CLIENT_PASSWORD, door, GRACE, GRACE_TOTP_SECRET, login } from '../../helpers/door.js';
import { codeAt } from '../../../src/domain/customerTokens.js';

// Grant 1 (fixtures/default/client_guests.json) lets Sabine Vogel, contact 11 of client 2, into
// client 4's profile with billing.payinvoice, support.newticket and support.tickets; grant 2 invites
// Grace (client 7, two-factor on) to the same profile and is still Pending.
const SABINE = 's.vogel@keller-maschinenbau.de';
const HOST = '4';
const NOW = new Date('2026-11-20T12:00:00Z');

type App = Awaited<ReturnType<typeof build>>;

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;

async function guestLogin(t: Test, app: App, email = SABINE, clientId = HOST) {
  const input = { username: email, password: CLIENT_PASSWORD, client_id: clientId };
  return assertAnswer(t, await door(app, 'POST', '/login', input), 'postLogin') as { token: string; refresh: string };
}

async function serviceIds(t: Test, app: App, token: string): Promise<string[]> {
  const services = assertAnswer(t, await door(app, 'GET', '/service', {}, { token }), 'getService').services as { id: string }[];
  return services.map((s) => s.id).sort();
}

/** The client's services as the Admin API lists them. */
async function accountsOf(t: Test, app: App, clientId: string): Promise<string[]> {
  const accounts = (await read(t, app, 'getClientAccounts', { id: clientId })).accounts as { id: string }[];
  return accounts.map((a) => a.id).sort();
}

async function admin(t: Test, app: App, call: string, params: Record<string, string>): Promise<void> {
  assertSuccess(t, await api(app, call, params), call);
}

const wrongLogin = (t: Test, answer: Awaited<ReturnType<typeof door>>) => assertRefused(t, answer, 200, ['wronglogin']);

t.test("a guest logs in to its host's profile with its own e-mail and password and sees the host's records", async (t) => {
  const app = await build(t);
  const { token } = await guestLogin(t, app);
  t.match(claimsOf(token), { sub: '11', client_id: HOST, contact_id: '11', access_id: '1' });
  t.strictSame(await serviceIds(t, app, token), await accountsOf(t, app, HOST));
  const invoices = assertAnswer(t, await door(app, 'GET', '/invoice', {}, { token }), 'getInvoice').invoices as { id: string }[];
  t.strictSame(
    invoices.map((i) => i.id),
    ['4'],
  );
  assertRefused(t, await door(app, 'GET', '/service/3', {}, { token }), 404, ['Service 3 not found']);
  // Without client_id, or naming its own client, the person is in its own profile (client 2's).
  const own = await login(app, SABINE);
  t.match(claimsOf(own), { sub: '11', client_id: '2', access_id: '0' });
  t.strictSame(await serviceIds(t, app, own), await accountsOf(t, app, '2'));
  t.match(claimsOf((await guestLogin(t, app, SABINE, '2')).token), { client_id: '2', access_id: '0' });
  // A refresh keeps the guest in the host's profile.
  const { refresh } = await guestLogin(t, app);
  const refreshed = assertAnswer(t, await door(app, 'POST', '/token', { refresh_token: refresh }), 'postToken');
  t.match(claimsOf(refreshed.token as string), { sub: '11', client_id: HOST, access_id: '1' });
});

t.test("the grant's privileges limit the guest as a contact's limit a contact", async (t) => {
  const app = await build(t);
  const { token } = await guestLogin(t, app);
  // Granted: support.tickets reads the host's tickets.
  assertAnswer(t, await door(app, 'GET', '/tickets', {}, { token }), 'getTickets');
  const before = await storeJson(app);
  assertRefused(t, await door(app, 'GET', '/balance', {}, { token }), 403, [
    'Guest access 1 may not do this: it needs the privilege billing.balance (the host grants it with editClientGuestPermissions)',
  ]);
  assertRefused(t, await door(app, 'POST', '/service/6/cycle', { cycle: 'm' }, { token }), 403, [
    'Guest access 1 may not do this: it needs the privilege billing.orders (the host grants it with editClientGuestPermissions)',
  ]);
  t.equal(await storeJson(app), before);
  // Sabine's own privileges as client 2's contact are not the grant's: the grant alone counts.
  await admin(t, app, 'editClientGuestPermissions', { id: '1', 'privileges[billing][orders]': '1', 'privileges[billing][balance]': '1' });
  assertAnswer(t, await door(app, 'GET', '/balance', {}, { token }), 'getBalance');
  const cycle = assertAnswer(t, await door(app, 'POST', '/service/6/cycle', { cycle: 'm' }, { token }), 'postServiceIdCycle');
  t.match((await read(t, app, 'getOrderDetails', { id: cycle.order_id as string })).details, { client_id: HOST });
  // The new set replaced the old one: tickets are no longer the guest's to read.
  assertRefused(t, await door(app, 'GET', '/tickets', {}, { token }), 403, [
    'Guest access 1 may not do this: it needs the privilege support.tickets (the host grants it with editClientGuestPermissions)',
  ]);
});

t.test('a grant set Closed or removed ends the guest tokens and its login', async (t) => {
  const app = await build(t);
  const first = await guestLogin(t, app);
  await admin(t, app, 'setClientGuestStatus', { id: '1', status: 'Closed' });
  assertRefused(t, await door(app, 'GET', '/service', {}, { token: first.token }), 401, ['unauthorized']);
  assertRefused(t, await door(app, 'POST', '/token', { refresh_token: first.refresh }), 401, ['unauthorized']);
  const before = await storeJson(app);
  wrongLogin(t, await door(app, 'POST', '/login', { username: SABINE, password: CLIENT_PASSWORD, client_id: HOST }));
  t.equal(await storeJson(app), before, 'a refused login changes nothing');
  // The person's own profile is untouched.
  await login(app, SABINE);

  await admin(t, app, 'setClientGuestStatus', { id: '1', status: 'Active' });
  const second = await guestLogin(t, app);
  const personal = assertAnswer(t, await door(app, 'POST', '/tokens', { name: 'ci' }, { token: second.token }), 'postTokens');
  t.strictSame(
    await serviceIds(t, app, personal.token as string),
    await accountsOf(t, app, HOST),
    "a guest's personal token is of the host's profile",
  );
  await admin(t, app, 'removeClientGuest', { id: '1' });
  assertRefused(t, await door(app, 'GET', '/service', {}, { token: second.token }), 401, ['unauthorized']);
  assertRefused(t, await door(app, 'GET', '/service', {}, { token: personal.token as string }), 401, ['unauthorized']);
  wrongLogin(t, await door(app, 'POST', '/login', { username: SABINE, password: CLIENT_PASSWORD, client_id: HOST }));
});

t.test('a pending invitation, a profile without a grant and a wrong password are the same wronglogin', async (t) => {
  const app = await build(t);
  const before = await storeJson(app);
  wrongLogin(t, await door(app, 'POST', '/login', { username: GRACE, password: CLIENT_PASSWORD, client_id: HOST }));
  wrongLogin(t, await door(app, 'POST', '/login', { username: SABINE, password: CLIENT_PASSWORD, client_id: '1' }));
  wrongLogin(t, await door(app, 'POST', '/login', { username: SABINE, password: 'not-it', client_id: HOST }));
  assertRefused(t, await door(app, 'POST', '/login', { username: '', password: '', client_id: 'host' }), 200, [
    "Parameter username must be the account's e-mail",
    'Parameter password must be at least 1 characters long',
    'Parameter client_id must be a positive whole number id, such as 1',
  ]);
  t.equal(await storeJson(app), before);
});

t.test('an accepted guest with two-factor on finishes its login into the host profile with its code', async (t) => {
  const app = await build(t);
  await admin(t, app, 'setClientGuestStatus', { id: '2', status: 'Active' });
  const challenge = assertAnswer(
    t,
    await door(app, 'POST', '/login', { username: GRACE, password: CLIENT_PASSWORD, client_id: HOST }),
    'postLogin',
  ) as { mfa: { token: string } };
  t.match(claimsOf(challenge.mfa.token), { sub: '7', client_id: HOST, access_id: '2', use: 'mfa' });
  const code = codeAt({ secret: GRACE_TOTP_SECRET }, NOW);
  const verify = { method: 'google_authenticator', payload: { code } };
  const body = assertAnswer(t, await door(app, 'POST', '/mfa/verify', verify, { token: challenge.mfa.token }), 'postMfaVerify');
  t.match(claimsOf(body.token as string), { sub: '7', client_id: HOST, access_id: '2', use: 'access' });
  t.strictSame(await serviceIds(t, app, body.token as string), await accountsOf(t, app, HOST));
});
