import t from 'tap';
import { api, build, storeJson } from '../../helpers/app.js';
import { domainDetails } from '../../helpers/reads.js';
import { ALICE, assertAnswer, assertRefused, door, login, TOM } from '../../helpers/door.js';

type Fields = Record<string, unknown>;
const DANIEL = 'daniel@kowalski-foto.net';

t.test('PUT /domain/{id}/ns changes the nameservers getDomainDetails shows; an empty list puts back the defaults', async (t) => {
  const app = await build(t);
  // A contact manages its client's domains without a privilege.
  const token = await login(app, TOM);
  const set = await door(app, 'PUT', '/domain/1/ns', { nameservers: ['NS1.example.net', 'ns2.example.net', 'ns3.example.net'] }, { token });
  t.strictSame(assertAnswer(t, set, 'putDomainIdNs'), {
    nameservers: ['ns1.example.net', 'ns2.example.net', 'ns3.example.net', ''],
    info: ['Nameservers of morgan-design.com saved'],
  });
  t.strictSame((await domainDetails<Fields>(t, app, '1')).nameservers, ['ns1.example.net', 'ns2.example.net', 'ns3.example.net', '']);
  const form = await door(app, 'PUT', '/domain/1/ns', { nameservers: ['a.example.org', 'b.example.org'] }, { token, via: 'form' });
  t.strictSame(assertAnswer(t, form, 'putDomainIdNs').nameservers, ['a.example.org', 'b.example.org', '', '']);
  const reset = assertAnswer(t, await door(app, 'PUT', '/domain/1/ns', { nameservers: [] }, { token }), 'putDomainIdNs');
  t.strictSame(reset.nameservers, ['ns1.lumenhost.net', 'ns2.lumenhost.net', '', '']);
  t.strictSame((await domainDetails<Fields>(t, app, '1')).nameservers, ['ns1.lumenhost.net', 'ns2.lumenhost.net', '', '']);
});

t.test('bad nameservers are refused with every problem and change nothing', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const daniel = await login(app, DANIEL);
  const before = await storeJson(app);
  assertRefused(t, await door(app, 'PUT', '/domain/1/ns', { nameservers: ['only.example.net'] }, { token }), 200, [
    'Parameter nameservers must list 2 to 4 host names, or none for the default nameservers; it lists 1',
  ]);
  assertRefused(t, await door(app, 'PUT', '/domain/1/ns', { nameservers: ['a.example.net', 'A.example.net'] }, { token }), 200, [
    'Parameter nameservers lists a.example.net twice',
  ]);
  const bad = await door(
    app,
    'PUT',
    '/domain/1/ns',
    { nameservers: ['bad host', 'a.example.net', 'b.example.net', 'c.example.net', 'd.example.net'] },
    { token },
  );
  assertRefused(t, bad, 200, [
    'Parameter nameservers must be a list of up to 4 host names such as ns1.example.net (nameservers[]=ns1.example.net&nameservers[]=ns2.example.net); empty for the default nameservers',
  ]);
  assertRefused(t, await door(app, 'PUT', '/domain/1/ns', { nameservers: ['a.example.net', 'b.example.net'] }, { token: daniel }), 404, [
    'Domain 1 not found',
  ]);
  t.equal(await storeJson(app), before);
});

t.test('reglock, ID protection and auto-renewal switch the flags getDomainDetails shows', async (t) => {
  const app = await build(t);
  const token = await login(app, TOM);
  t.strictSame(assertAnswer(t, await door(app, 'PUT', '/domain/1/reglock', { switch: false }, { token }), 'putDomainIdReglock'), {
    reglock: '0',
    info: ['Registrar lock disabled for morgan-design.com'],
  });
  t.strictSame(
    assertAnswer(t, await door(app, 'PUT', '/domain/1/idprotection', { switch: '0' }, { token, via: 'form' }), 'putDomainIdIdprotection'),
    {
      idprotection: '0',
      info: ['ID protection disabled for morgan-design.com'],
    },
  );
  t.strictSame(assertAnswer(t, await door(app, 'PUT', '/domain/1/autorenew', { autorenew: 'false' }, { token }), 'putDomainIdAutorenew'), {
    autorenew: '0',
    info: ['Auto-renewal disabled for morgan-design.com'],
  });
  t.match(await domainDetails<Fields>(t, app, '1'), { reglock: '0', idprotection: '0', autorenew: '0' });
  t.strictSame(assertAnswer(t, await door(app, 'GET', '/domain/1/reglock', {}, { token }), 'getDomainIdReglock'), { reglock: '0' });
  t.strictSame(assertAnswer(t, await door(app, 'GET', '/domain/1/autorenew', {}, { token }), 'getDomainIdAutorenew'), { autorenew: '0' });
  assertAnswer(t, await door(app, 'PUT', '/domain/1/reglock', { switch: 'true' }, { token }), 'putDomainIdReglock');
  assertAnswer(t, await door(app, 'PUT', '/domain/1/autorenew', { autorenew: true }, { token }), 'putDomainIdAutorenew');
  t.match(await domainDetails<Fields>(t, app, '1'), { reglock: '1', autorenew: '1' });
});

t.test('a switch on a domain not at the registrar, a bad switch and another client refused, changing nothing', async (t) => {
  const app = await build(t);
  const token = await login(app, DANIEL);
  const before = await storeJson(app);
  assertRefused(t, await door(app, 'PUT', '/domain/5/reglock', { switch: true }, { token }), 200, [
    'Domain 5 (kowalski-foto.net) is Pending Transfer: only a domain that is Active can be switched reglock',
  ]);
  assertRefused(t, await door(app, 'PUT', '/domain/5/idprotection', { switch: true }, { token }), 200, [
    'Domain 5 (kowalski-foto.net) is Pending Transfer: only a domain that is Active can be switched idprotection',
  ]);
  const bad = await door(app, 'PUT', '/domain/5/autorenew', { autorenew: 'maybe' }, { token });
  t.equal(bad.status, 200);
  t.ok(Array.isArray(bad.body.error), JSON.stringify(bad.body));
  const missing = await door(app, 'PUT', '/domain/5/reglock', {}, { token });
  t.match(missing.body.error, [/switch/]);
  for (const [path, input] of [
    ['/domain/1/reglock', { switch: true }],
    ['/domain/1/idprotection', { switch: true }],
    ['/domain/1/autorenew', { autorenew: true }],
  ] as const) {
    assertRefused(t, await door(app, 'PUT', path, input, { token }), 404, ['Domain 1 not found']);
  }
  t.equal(await storeJson(app), before);
});

t.test('PUT /domain/{id}/contact changes the fields sent of each role; GET reads them back', async (t) => {
  const app = await build(t);
  const token = await login(app, TOM);
  const input = { contact_info: { registrant: { firstname: 'Rita', country: 'gb' }, tech: { email: 'ops@morgan-design.com' } } };
  const body = assertAnswer(t, await door(app, 'PUT', '/domain/1/contact', input, { token }), 'putDomainIdContact');
  const info = body.contact_info as Record<string, Fields>;
  t.match(info.registrant, { firstname: 'Rita', lastname: 'Morgan', country: 'GB', email: ALICE });
  t.match(info.tech, { firstname: 'Alice', email: 'ops@morgan-design.com' });
  t.match(info.admin, { firstname: 'Alice', email: ALICE });
  t.strictSame(body.info, ['Contacts of morgan-design.com saved']);
  const read = assertAnswer(t, await door(app, 'GET', '/domain/1/contact', {}, { token }), 'getDomainIdContact');
  t.strictSame(read.contact_info, body.contact_info);
  const daniel = await login(app, DANIEL);
  const before = await storeJson(app);
  const owner = await door(app, 'PUT', '/domain/1/contact', { contact_info: { owner: {} } }, { token });
  assertRefused(t, owner, 200, ['Parameter contact_info[owner] must be absent: it is not a known key here']);
  const email = await door(app, 'PUT', '/domain/1/contact', { contact_info: { registrant: { email: 'nope' } } }, { token });
  t.equal(email.status, 200);
  t.match(email.body.error, [/email/]);
  assertRefused(t, await door(app, 'PUT', '/domain/1/contact', input, { token: daniel }), 404, ['Domain 1 not found']);
  t.equal(await storeJson(app), before);
});

t.test('GET /domain/{id}/epp has the registrar e-mail the code; GET /domain/{id}/sync stamps the record', async (t) => {
  const app = await build(t);
  const token = await login(app, TOM);
  t.strictSame(assertAnswer(t, await door(app, 'GET', '/domain/1/epp', {}, { token }), 'getDomainIdEpp'), {
    info: ['Auth Info / Epp code has been sent to registrant email'],
  });
  const emails = await api(app, 'getClientEmails', { id: '1' });
  t.match(JSON.stringify(emails), /EPP Code for morgan-design\.com/, 'the e-mail is in the outbox');
  const synced = assertAnswer(t, await door(app, 'GET', '/domain/1/sync', {}, { token }), 'getDomainIdSync');
  t.strictSame(synced.info, ['Domain with ID #1 synchronized.']);
  const admin = await domainDetails<Fields>(t, app, '1');
  t.equal((synced.domain as Fields).synch_date, admin.synch_date);
  t.not(admin.synch_date, '2026-11-19 03:00:12', 'stamped now');

  const daniel = await login(app, DANIEL);
  const before = await storeJson(app);
  assertRefused(t, await door(app, 'GET', '/domain/5/epp', {}, { token: daniel }), 200, [
    'Domain 5 (kowalski-foto.net) is Pending Transfer: only a domain that is Active can be sent its EPP code',
  ]);
  assertRefused(t, await door(app, 'GET', '/domain/1/epp', {}, { token: daniel }), 404, ['Domain 1 not found']);
  assertRefused(t, await door(app, 'GET', '/domain/1/sync', {}, { token: daniel }), 404, ['Domain 1 not found']);
  t.equal(await storeJson(app), before);
});
