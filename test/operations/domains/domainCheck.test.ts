import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, assertSuccess, build, sameEverywhere, type WireParams } from '../../helpers/app.js';
import { refusedWith } from '../../helpers/refusals.js';
import { loadFixtures } from '../../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../../src/paths.js';

const CALL = 'domainCheck';

async function available(t: Test, app: FastifyInstance, domain: string): Promise<unknown> {
  return assertSuccess(t, await api(app, CALL, { domain }), CALL).domain_available;
}

t.test('domainCheck answers the string "no" for a name a domain here holds, as published', async (t) => {
  const app = await build(t);
  const body = await sameEverywhere(t, app, CALL, { domain: 'morgan-design.com' });
  assertSuccess(t, body, CALL);
  t.strictSame(body, { success: true, domain_available: 'no', call: CALL, server_time: body.server_time });
  t.strictSame(Object.keys(body), ['success', 'domain_available', 'call', 'server_time'], "keys in the published answer's order");
});

t.test('domainCheck answers "yes" for a free name', async (t) => {
  const app = await build(t);
  const body = await sameEverywhere(t, app, CALL, { domain: 'fresh-name.io' });
  t.strictSame(body, { success: true, domain_available: 'yes', call: CALL, server_time: body.server_time });
});

t.test('domainCheck answers "no" for names registered elsewhere, "yes" for their free neighbours', async (t) => {
  const app = await build(t);
  const cases: Array<[string, string]> = [
    ['google.com', 'no'],
    ['example.com', 'no'],
    ['hostbillapp.com', 'no'],
    ['wikipedia.org', 'no'],
    ['europa.eu', 'no'],
    ['google.net', 'yes'],
    ['example.io', 'yes'],
    ['hostbillapp.org', 'yes'],
  ];
  for (const [domain, expected] of cases) t.equal(await available(t, app, domain), expected, domain);
});

t.test('domainCheck compares names in any letter case', async (t) => {
  const app = await build(t);
  const cases: Array<[string, string]> = [
    ['Google.COM', 'no'],
    ['MORGAN-DESIGN.com', 'no'],
    ['GraceLiu.IO', 'no'],
    ['Fresh-Name.IO', 'yes'],
  ];
  for (const [domain, expected] of cases) t.equal(await available(t, app, domain), expected, domain);
});

t.test('a name stays held while its domain waits for the registry; a name an ended domain released is free', async (t) => {
  const app = await build(t);
  const cases: Array<[string, string]> = [
    ['kowalski-foto.net', 'no'], // Pending Transfer
    ['graceliu.io', 'no'], // Pending Registration
    ['keller-maschinenbau.eu', 'no'], // Active
    ['nilsson-outdoor.com', 'yes'], // Expired
  ];
  for (const [domain, expected] of cases) t.equal(await available(t, app, domain), expected, domain);
  const world = app.billsim.sessions.get('default').world;
  await world.mutate(() => {
    world.replace('domains', { ...world.get('domains', '1')!, status: 'Cancelled' });
    world.replace('domains', { ...world.get('domains', '2')!, status: 'Transferred Away' });
    world.replace('domains', { ...world.get('domains', '4')!, status: 'Fraud' });
    world.replace('domains', { ...world.get('domains', '6')!, status: 'Pending' });
  });
  t.equal(await available(t, app, 'morgan-design.com'), 'yes', 'Cancelled releases the name');
  t.equal(await available(t, app, 'morgandesign.io'), 'yes', 'Transferred Away releases the name');
  t.equal(await available(t, app, 'evans-bakery.org'), 'yes', 'Fraud releases the name');
  t.equal(await available(t, app, 'haddadtrading.com'), 'no', 'Pending holds the name');
});

t.test('after addOrder registers a new name, domainCheck answers "no"', async (t) => {
  const app = await build(t);
  t.equal(await available(t, app, 'fresh-name.com'), 'yes');
  const order = await api(app, 'addOrder', {
    client_id: '1',
    domain_action: 'register',
    domain_sld: 'fresh-name',
    domain_tld: '.com',
    invoice_generate: '1',
  });
  t.equal(order.success, true, JSON.stringify(order.error ?? ''));
  t.equal(await available(t, app, 'fresh-name.com'), 'no');
  t.equal(await available(t, app, 'FRESH-NAME.COM'), 'no');
  t.equal(await available(t, app, 'fresh-name.net'), 'yes', 'the same label under another TLD is still free');
});

t.test('the registry names come from the world, so custom fixtures choose them', async (t) => {
  const data = { ...loadFixtures(defaultFixturesDir), registry_names: [{ id: '1', name: 'fresh-name.io' }] };
  const app = await build(t, { data });
  t.equal(await available(t, app, 'fresh-name.io'), 'no');
  t.equal(await available(t, app, 'google.com'), 'yes', 'a name the custom world does not list is free');
  t.equal(await available(t, app, 'morgan-design.com'), 'no', 'names held here stay taken');
});

t.test('domainCheck refuses a missing, malformed or unsold name and changes nothing', async (t) => {
  const app = await build(t);
  const malformed =
    'Parameter domain must be a full domain name: one label of 1-63 letters, digits and inner hyphens, ' +
    'then its TLD, such as example.com (no scheme, www. or path)';
  const unsold = (name: string, tld: string) =>
    `Domain ${name} is under ${tld}, a TLD not sold here: check a name under .com, .net, .org, .io, .eu`;
  const cases: Array<[WireParams, string]> = [
    [{}, 'Parameter domain is required'],
    [{ domain: '' }, malformed],
    [{ domain: 'example' }, malformed],
    [{ domain: '.com' }, malformed],
    [{ domain: 'https://example.com' }, malformed],
    [{ domain: 'example.com/about' }, malformed],
    [{ domain: 'www.example.com' }, malformed],
    [{ domain: ' example.com' }, malformed],
    [{ domain: 'exa_mple.com' }, malformed],
    [{ domain: '-example.com' }, malformed],
    [{ domain: 'example-.com' }, malformed],
    [{ domain: 'example..com' }, malformed],
    [{ domain: `${'a'.repeat(64)}.com` }, malformed],
    [{ domain: 'example.xyz' }, unsold('example.xyz', '.xyz')],
    [{ domain: 'Example.CO.UK' }, unsold('example.co.uk', '.uk')],
    [{ domain: 'example.comm' }, unsold('example.comm', '.comm')],
    [{ domain: `${'a'.repeat(250)}.com` }, 'Parameter domain must be a full domain name of at most 253 characters, such as example.com'],
  ];
  await refusedWith(t, app, CALL, cases);
});

t.test('a 63-character label is a well-formed name', async (t) => {
  const app = await build(t);
  t.equal(await available(t, app, `${'a'.repeat(63)}.com`), 'yes');
});
