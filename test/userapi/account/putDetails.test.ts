import t from 'tap';
import { api, assertSuccess, build, storeJson } from '../../helpers/app.js';
import { ALICE, assertAnswer, assertRefused, door, login, TOM } from '../../helpers/door.js';

async function adminClient(t: Parameters<typeof assertSuccess>[0], app: Parameters<typeof api>[0], id: string) {
  return assertSuccess(t, await api(app, 'getClientDetails', { id }), 'getClientDetails').client as Record<string, unknown>;
}

t.test('a client changes the fields it sends, as setClientDetails would, and reads its record back', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const before = await adminClient(t, app, '1');
  const body = assertAnswer(
    t,
    await door(
      app,
      'PUT',
      '/details',
      { firstname: 'Alicia', city: 'Boston', country: 'us', type: 'Private', address2: '', vateu: 'EU123' },
      { token },
    ),
    'putDetails',
  );
  const read = assertAnswer(t, await door(app, 'GET', '/details', {}, { token }), 'getDetails');
  t.strictSame(body, { client: read.client, info: ['Client details updated'] }, 'the record as GET /details shows it, and info');
  t.match(body.client, { id: '1', firstname: 'Alicia', city: 'Boston', country: 'US', type: 'Private', address2: '' });
  const after = await adminClient(t, app, '1');
  t.strictSame(
    {
      ...after,
      firstname: before.firstname,
      city: before.city,
      country: before.country,
      company: before.company,
      address2: before.address2,
    },
    before,
    'the Admin API shows the change, and nothing else changed',
  );
  t.match(after, { firstname: 'Alicia', city: 'Boston', country: 'US', company: '0', address2: '' });
});

t.test("a contact changes its own record, not its client's", async (t) => {
  const app = await build(t);
  const token = await login(app, TOM);
  const alice = await adminClient(t, app, '1');
  const body = assertAnswer(
    t,
    await door(app, 'PUT', '/details', { lastname: 'Reed-Hall', phonenumber: '+1 555 0100' }, { token, via: 'form' }),
    'putDetails',
  );
  t.match(body, {
    client: { id: '10', parent_id: '1', lastname: 'Reed-Hall', phonenumber: '+1 555 0100' },
    info: ['Client details updated'],
  });
  const contact = assertSuccess(t, await api(app, 'getClientContact', { id: '10' }), 'getClientContact');
  t.match(contact, { client: { lastname: 'Reed-Hall', phonenumber: '+1 555 0100' } });
  const { contacts, ...aliceAfter } = await adminClient(t, app, '1');
  t.match(contacts, [{ id: '10', lastname: 'Reed-Hall' }], "Alice's contacts list shows it");
  t.strictSame({ ...aliceAfter, contacts: alice.contacts }, alice, "Alice's own record is untouched");
});

t.test("an e-mail another client or contact uses is refused; one's own in another case is not", async (t) => {
  const app = await build(t);
  const token = await login(app, TOM);
  const before = storeJson(app);
  assertRefused(t, await door(app, 'PUT', '/details', { email: ALICE.toUpperCase() }, { token }), 200, [
    `Email ${ALICE.toUpperCase()} is already used by another client or contact`,
  ]);
  t.equal(storeJson(app), before, 'the refusal changed nothing');
  const body = assertAnswer(t, await door(app, 'PUT', '/details', { email: TOM.toUpperCase() }, { token }), 'putDetails');
  t.match(body, { client: { email: TOM.toUpperCase() } });
});

t.test('bad input is refused with every problem at once and changes nothing', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const before = storeJson(app);
  assertRefused(
    t,
    await door(app, 'PUT', '/details', { email: 'not-an-email', country: 'USA', type: 'Other', city: 'x'.repeat(256) }, { token }),
    200,
    [
      'Parameter type must be one of: Private, Company',
      'Parameter email must be a valid email address, such as jane@example.com',
      'Parameter country must be an ISO 3166-1 alpha-2 country code, such as GB',
      'Parameter city must be a text of at most 255 characters',
    ],
  );
  t.equal(storeJson(app), before, 'nothing changed');
});

t.test('without a login the change is refused with 401', async (t) => {
  const app = await build(t);
  const before = storeJson(app);
  assertRefused(t, await door(app, 'PUT', '/details', { firstname: 'X' }), 401, ['unauthorized']);
  t.equal(storeJson(app), before);
});
