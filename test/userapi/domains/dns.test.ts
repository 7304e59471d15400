import t from 'tap';
import type { Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, assertSuccess, build, storeJson } from '../../helpers/app.js';
import { ALICE, assertAnswer, assertRefused, door, login, TOM } from '../../helpers/door.js';

const ONE = [
  { id: '1', name: '@', type: 'A', priority: '0', content: '203.0.113.10' },
  { id: '2', name: 'www', type: 'CNAME', priority: '0', content: 'morgan-design.com' },
  { id: '3', name: '@', type: 'MX', priority: '10', content: 'mail.morgan-design.com' },
];

async function records(t: Test, app: FastifyInstance, token: string): Promise<unknown> {
  return assertAnswer(t, await door(app, 'GET', '/domain/1/dns', {}, { token }), 'getDomainIdDns').records;
}

t.test('a DNS record is added, changed and removed, and the list shows each step', async (t) => {
  const app = await build(t);
  // A contact manages its client's DNS without a privilege.
  const token = await login(app, TOM);
  const added = await door(app, 'POST', '/domain/1/dns', { name: 'api', type: 'A', content: '203.0.113.20' }, { token });
  const record = { id: '5', name: 'api', type: 'A', priority: '0', content: '203.0.113.20' };
  t.strictSame(assertAnswer(t, added, 'postDomainIdDns'), { record, info: ['DNS record #5 added to morgan-design.com'] });
  t.strictSame(await records(t, app, token), [...ONE, record]);
  const edited = await door(app, 'PUT', '/domain/1/dns/5', { type: 'AAAA', content: '2001:db8::20' }, { token, via: 'form' });
  const changed = { ...record, type: 'AAAA', content: '2001:db8::20' };
  t.strictSame(assertAnswer(t, edited, 'putDomainIdDnsIndex'), { record: changed, info: ['DNS record #5 of morgan-design.com saved'] });
  t.strictSame(await records(t, app, token), [...ONE, changed]);
  const mx = await door(app, 'PUT', '/domain/1/dns/3', { record_id: '3', priority: '20' }, { token });
  t.strictSame(assertAnswer(t, mx, 'putDomainIdDnsIndex').record, { ...ONE[2], priority: '20' });
  const removed = await door(app, 'DELETE', '/domain/1/dns/5', {}, { token });
  t.strictSame(assertAnswer(t, removed, 'deleteDomainIdDnsIndex'), { info: ['DNS record #5 removed from morgan-design.com'] });
  t.strictSame(await records(t, app, token), [ONE[0], ONE[1], { ...ONE[2], priority: '20' }]);
});

t.test('bad records, a record of another domain and another client are refused, changing nothing', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const farid = await login(app, 'farid@haddadtrading.com');
  const daniel = await login(app, 'daniel@kowalski-foto.net');
  const before = await storeJson(app);
  assertRefused(t, await door(app, 'POST', '/domain/1/dns', { name: '@', type: 'A', content: 'not-an-ip' }, { token }), 200, [
    'Parameter content of the A record must be an IPv4 address such as 203.0.113.10',
  ]);
  assertRefused(t, await door(app, 'PUT', '/domain/1/dns/1', { type: 'AAAA' }, { token }), 200, [
    'Parameter content of the AAAA record must be an IPv6 address such as 2001:db8::10',
  ]);
  const bad = await door(app, 'POST', '/domain/1/dns', { type: 'ZZ', priority: '-1' }, { token });
  t.equal(bad.status, 200);
  t.equal((bad.body.error as string[]).length, 4, `every problem: ${JSON.stringify(bad.body.error)}`);
  assertRefused(t, await door(app, 'PUT', '/domain/1/dns/2', { record_id: '3', name: 'w' }, { token }), 200, [
    "Parameter record_id 3 names another record than the path's 2: send the same id, or leave record_id out",
  ]);
  assertRefused(t, await door(app, 'PUT', '/domain/1/dns/4', { name: 'x' }, { token }), 404, ['DNS record 4 not found']);
  assertRefused(t, await door(app, 'DELETE', '/domain/1/dns/4', {}, { token }), 404, ['DNS record 4 not found']);
  assertRefused(t, await door(app, 'DELETE', '/domain/1/dns/1', {}, { token: farid }), 404, ['Domain 1 not found']);
  assertRefused(t, await door(app, 'POST', '/domain/1/dns', { name: 'a', type: 'TXT', content: 'x' }, { token: farid }), 404, [
    'Domain 1 not found',
  ]);
  assertRefused(t, await door(app, 'POST', '/domain/5/dns', { name: 'a', type: 'TXT', content: 'x' }, { token: daniel }), 200, [
    'Domain 5 (kowalski-foto.net) is Pending Transfer: only a domain that is Active can be given other DNS records',
  ]);
  t.equal(await storeJson(app), before);
});

t.test("the records are the domain's: deleting the domain at the Admin API removes them", async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, 'domainDeleteHB', { id: '1' }), 'domainDeleteHB');
  const state = JSON.parse(storeJson(app)) as Record<string, { domain_id: string }[]>;
  t.strictSame(
    state.domain_dns.map((r) => r.domain_id),
    ['6'],
  );
});
