import t from 'tap';
import { build, storeJson } from '../../helpers/app.js';
import { domainDetails } from '../../helpers/reads.js';
import { ALICE, assertAnswer, assertRefused, door, login, TOM } from '../../helpers/door.js';

const FARID = 'farid@haddadtrading.com';

t.test("GET /domain lists the caller's domains newest first, with the Admin API's values", async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const body = assertAnswer(t, await door(app, 'GET', '/domain', {}, { token }), 'getDomain');
  const domains = body.domains as Record<string, string>[];
  t.strictSame(
    domains.map((d) => d.id),
    ['2', '1'],
  );
  t.strictSame(body.page, { current: 1, total: 1 });
  const admin = await domainDetails<Record<string, unknown>>(t, app, '1');
  // getDomainDetails has no currency_id; getClientDomains lists it.
  for (const [key, value] of Object.entries(domains[1])) {
    if (key !== 'currency_id') t.strictSame(value, admin[key], `${key} as getDomainDetails shows it`);
  }
  t.equal(domains[1].currency_id, '0');
  // A contact reads its client's domains without any privilege.
  const contact = assertAnswer(t, await door(app, 'GET', '/domain', {}, { token: await login(app, TOM) }), 'getDomain');
  t.strictSame(contact, body);
  assertRefused(t, await door(app, 'GET', '/domain', { page: 0 }, { token }), 200, [
    'Parameter page must be the page of the list, counted from 1 (25 items a page)',
  ]);
});

t.test('GET /domain/{id} and /domain/name/{name} show one domain as getDomainDetails does', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const body = assertAnswer(t, await door(app, 'GET', '/domain/1', {}, { token }), 'getDomainId');
  const domain = body.domain as Record<string, unknown>;
  const admin = await domainDetails<Record<string, unknown>>(t, app, '1');
  for (const [key, value] of Object.entries(domain)) {
    if (key !== 'registrar' && key !== 'currency_id') t.strictSame(value, admin[key], `${key} as getDomainDetails shows it`);
  }
  t.equal(domain.nameservers && (domain.nameservers as string[]).length, 4);
  t.equal(typeof domain.registrar, 'string');
  t.not(domain.registrar, '');
  const named = assertAnswer(t, await door(app, 'GET', '/domain/name/MORGAN-design.com', {}, { token }), 'getDomainNameName');
  t.strictSame(named, body);
  t.strictSame(assertAnswer(t, await door(app, 'GET', '/domain/1', {}, { token: await login(app, TOM) }), 'getDomainId'), body);
});

t.test('the settings reads answer the flags, nameservers, contacts and DNS records of the domain', async (t) => {
  const app = await build(t);
  const token = await login(app, TOM);
  t.strictSame(assertAnswer(t, await door(app, 'GET', '/domain/1/ns', {}, { token }), 'getDomainIdNs'), {
    nameservers: ['ns1.lumenhost.net', 'ns2.lumenhost.net', '', ''],
  });
  t.strictSame(assertAnswer(t, await door(app, 'GET', '/domain/1/reglock', {}, { token }), 'getDomainIdReglock'), { reglock: '1' });
  t.strictSame(assertAnswer(t, await door(app, 'GET', '/domain/1/autorenew', {}, { token }), 'getDomainIdAutorenew'), { autorenew: '1' });
  const alice = {
    firstname: 'Alice',
    lastname: 'Morgan',
    companyname: 'Morgan Design Studio',
    email: ALICE,
  };
  const contacts = assertAnswer(t, await door(app, 'GET', '/domain/1/contact', {}, { token }), 'getDomainIdContact');
  const info = contacts.contact_info as Record<string, Record<string, string>>;
  t.strictSame(Object.keys(info), ['registrant', 'admin', 'tech', 'billing']);
  for (const role of Object.values(info)) t.match(role, alice, "the client's own details in every role");
  t.strictSame(assertAnswer(t, await door(app, 'GET', '/domain/1/dns', {}, { token }), 'getDomainIdDns'), {
    records: [
      { id: '1', name: '@', type: 'A', priority: '0', content: '203.0.113.10' },
      { id: '2', name: 'www', type: 'CNAME', priority: '0', content: 'morgan-design.com' },
      { id: '3', name: '@', type: 'MX', priority: '10', content: 'mail.morgan-design.com' },
    ],
  });
  t.strictSame(assertAnswer(t, await door(app, 'GET', '/domain/1/dns/types', {}, { token }), 'getDomainIdDnsTypes'), {
    types: ['A', 'AAAA', 'CNAME', 'MX', 'NS', 'SRV', 'TXT'],
  });
});

t.test("another client's domain, an unknown one and a bad id answer as missing or refused, changing nothing", async (t) => {
  const app = await build(t);
  const token = await login(app, FARID);
  const before = await storeJson(app);
  for (const path of [
    '/domain/1',
    '/domain/1/ns',
    '/domain/1/reglock',
    '/domain/1/autorenew',
    '/domain/1/contact',
    '/domain/1/dns',
    '/domain/1/dns/types',
  ]) {
    assertRefused(t, await door(app, 'GET', path, {}, { token }), 404, ['Domain 1 not found']);
  }
  assertRefused(t, await door(app, 'GET', '/domain/999', {}, { token }), 404, ['Domain 999 not found']);
  assertRefused(t, await door(app, 'GET', '/domain/name/morgan-design.com', {}, { token }), 404, ['Domain morgan-design.com not found']);
  assertRefused(t, await door(app, 'GET', '/domain/x/ns', {}, { token }), 200, [
    'Parameter id must be a positive whole number id, such as 1',
  ]);
  t.equal(await storeJson(app), before);
});

t.test('a domain whose contacts were set shows them; roles left alone keep what was given', async (t) => {
  const app = await build(t);
  const token = await login(app, 'bruno.keller@keller-maschinenbau.de');
  const body = assertAnswer(t, await door(app, 'GET', '/domain/3/contact', {}, { token }), 'getDomainIdContact');
  t.match(body.contact_info, {
    registrant: { companyname: 'Keller Maschinenbau GmbH', country: 'DE' },
    tech: { email: 's.vogel@keller-maschinenbau.de' },
  });
});
