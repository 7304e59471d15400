import t from 'tap';
import { api, assertSuccess, build, storeJson } from '../../helpers/app.js';
import { ALICE, assertAnswer, assertRefused, door, login, TOM } from '../../helpers/door.js';
import { receiver } from '../../helpers/receiver.js';

const NINA = {
  type: 'Company',
  companyname: 'Kovac Labs',
  firstname: 'Nina',
  lastname: 'Kovac',
  email: 'nina@kovac-labs.si',
  password: 'Green-Lamp-41',
  phonenumber: '+386.15550199',
  country: 'si',
  state: 'Ljubljana',
  city: 'Ljubljana',
  address1: 'Slovenska cesta 9',
  postcode: '1000',
  currency: '1',
  taxid: 'SI12345678',
  gender: 'female',
  birthday: '1990-04-01',
};

const control = (app: Awaited<ReturnType<typeof build>>, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url: `/__billsim${url}`, headers: { 'x-billsim-control': '1' }, ...(payload && { payload }) });

t.test('a visitor signs up: a client the Admin API shows, made as addClient makes one, who logs in', async (t) => {
  const app = await build(t);
  const body = assertAnswer(t, await door(app, 'POST', '/signup', NINA, { via: 'form' }), 'postSignup');
  t.strictSame(body, { client_id: '12', info: ['New client account created'] });

  const admin = assertSuccess(t, await api(app, 'getClientDetails', { id: '12' }), 'getClientDetails').client as Record<string, unknown>;
  t.match(admin, {
    id: '12',
    parent_id: '0',
    status: 'Active',
    email: NINA.email,
    firstname: 'Nina',
    lastname: 'Kovac',
    companyname: 'Kovac Labs',
    company: '1',
    country: 'SI',
    currency_id: '1',
    language: 'english',
    datecreated: '2026-11-20',
    credit: '0.00',
  });
  const emails = assertSuccess(t, await api(app, 'getClientEmails', { id: '12' }), 'getClientEmails');
  t.match(emails.emails, [{ subject: 'Your client area login details' }], 'the welcome e-mail is in the outbox');

  // The same client addClient makes from the same fields, in another session.
  const twin = await api(
    app,
    'addClient',
    { ...NINA, password2: NINA.password, currency_id: '1', notify: '1', country: 'si' },
    { session: 'twin' },
  );
  assertSuccess(t, twin, 'addClient');
  const twinDetails = assertSuccess(t, await api(app, 'getClientDetails', { id: '12' }, { session: 'twin' }), 'getClientDetails');
  const strip = ({ password, ...rest }: Record<string, unknown>) => rest;
  t.strictSame(strip(admin), strip(twinDetails.client as Record<string, unknown>), 'the record addClient makes');

  const token = await login(app, NINA.email, { password: NINA.password });
  const own = assertAnswer(t, await door(app, 'GET', '/details', {}, { token }), 'getDetails');
  t.match(own, { client: { id: '12', type: 'Company', country: 'SI' } });
});

t.test('a sign-up raises after_clientadded, as addClient does', async (t) => {
  const app = await build(t, { webhookDelivery: { backoffMs: 1, timeoutMs: 30_000 } });
  const rx = await receiver(t);
  t.equal((await control(app, 'POST', '/webhooks', { url: rx.url, secret: 's3cret', events: ['after_clientadded'] })).statusCode, 201);
  assertAnswer(t, await door(app, 'POST', '/signup', { email: 'eve@example.org', password: 'pw-1', firstname: 'Eve' }), 'postSignup');
  const answer = (await control(app, 'GET', '/webhooks/deliveries?wait=10')).json();
  t.equal(answer.settled, true);
  t.equal(rx.received.length, 1);
  t.equal(rx.received[0].headers['hb-event'], 'after_clientadded');
  t.match(JSON.parse(rx.received[0].body), { id: 12, email: 'eve@example.org', firstname: 'Eve' });
});

t.test('only e-mail and password are required; a token is not needed and not used', async (t) => {
  const app = await build(t);
  const token = await login(app, TOM);
  const body = assertAnswer(t, await door(app, 'POST', '/signup', { email: 'min@example.org', password: 'x' }, { token }), 'postSignup');
  const admin = assertSuccess(t, await api(app, 'getClientDetails', { id: body.client_id as string }), 'getClientDetails');
  t.match(admin.client, { parent_id: '0', firstname: '', country: '', currency_id: '0', company: '0' });
});

t.test('bad input is refused with every problem at once and changes nothing', async (t) => {
  const app = await build(t);
  const before = storeJson(app);
  const malformed = await door(app, 'POST', '/signup', { email: 'not-an-email', type: 'Person', country: 'Slovenia' });
  t.equal(malformed.status, 200);
  const messages = malformed.body.error as string[];
  t.equal(messages.length, 4, JSON.stringify(messages));
  for (const word of ['password', 'email', 'type', 'country']) t.match(messages.join('\n'), word);
  t.equal(storeJson(app), before);

  assertRefused(
    t,
    await door(app, 'POST', '/signup', { email: ALICE.toUpperCase(), password: 'a', password2: 'b', country: 'xx', currency: '9' }),
    200,
    [
      'Parameters password and password2 must be the same',
      'Parameter country must be an ISO 3166-1 alpha-2 country code, such as GB',
      'Currency 9 not found',
      `Email ${ALICE.toUpperCase()} is already used by another client or contact`,
    ],
  );
  assertRefused(t, await door(app, 'POST', '/signup', { email: TOM, password: 'a' }), 200, [
    `Email ${TOM} is already used by another client or contact`,
  ]);
  // A malformed field and what the world refuses come in one answer, not one after the other.
  for (const via of ['json', 'form'] as const) {
    const input = { email: TOM, password2: 'b', type: 'Person', country: 'xx', currency: '9' };
    assertRefused(t, await door(app, 'POST', '/signup', input, { via }), 200, [
      'Parameter password is required',
      'Parameter type must be one of: Private, Company',
      'Parameter country must be an ISO 3166-1 alpha-2 country code, such as GB',
      'Currency 9 not found',
      `Email ${TOM} is already used by another client or contact`,
    ]);
  }
  t.equal(storeJson(app), before, 'no refusal changed anything');
});
