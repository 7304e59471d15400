import t from 'tap';
import type { Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, assertError, assertSuccess, build, ENCODINGS, storeJson, type WireParams } from '../../helpers/app.js';
import { orderDraft } from '../../helpers/reads.js';

type Json = Record<string, unknown>;
const CALL = 'addOrderDraftItem';
const SERVICE_LIST = 'product, cycle, host, qty, custom or addons';
const DOMAIN_LIST = 'domain_sld, domain_tld, domain_period, domain_action or domain_eppcode';

const draftOf = orderDraft<Json>;

async function add(t: Test, app: FastifyInstance, params: WireParams): Promise<{ draft: Json; item_id: unknown }> {
  const result = assertSuccess(t, await api(app, CALL, params), CALL);
  t.strictSame(result.info, ['Draft item added']);
  return { draft: result.draft as Json, item_id: result.item_id };
}

const services = (draft: Json): Record<string, Json> => draft.services as Record<string, Json>;
const domains = (draft: Json): Record<string, Json> => draft.domains as Record<string, Json>;

/** Two monthly VPS 2GB on one host with custom values, each with a Dedicated IP and annual DDoS Protection. */
const VPS_PARAMS: WireParams = {
  id: '1',
  prod_type: 'service',
  product: '9',
  cycle: 'm',
  host: 'vps2.morgan-design.com',
  qty: '2',
  'custom[12][34]': 'Debian 12',
  'custom[12][35]': '',
  'addons[1][qty]': '1',
  'addons[4][cycle]': 'a',
};

t.test('addOrderDraftItem adds a service with addons and answers the draft, the new item id and info', async (t) => {
  const app = await build(t);
  const before = await draftOf(t, app, '1');
  const body = await api(app, CALL, VPS_PARAMS);
  const result = assertSuccess(t, body, CALL);
  t.strictSame(Object.keys(body), ['success', 'draft', 'item_id', 'call', 'server_time', 'info']);
  // Service 1 of draft 1 is the same product (VPS 2GB), quarterly: the new one differs in these fields.
  const vps = {
    ...services(before)['1'],
    service_id: 3,
    cycle: 'm',
    domain: 'vps2.morgan-design.com',
    customdata: { 12: { 34: 'Debian 12' } },
    qty: 2,
    order_date: '2026-11-20 12:00:00',
    price: 20,
    price_today: 20,
    recurring: 'monthly',
    setup: 10,
    period: { from: '2026-11-20', to: '2026-12-19' },
  };
  const expected = {
    ...before,
    services: { ...services(before), 3: vps },
    addons: [
      { service_id: 3, addon_id: '1', name: 'Dedicated IP Address', cycle: 'm', recurring: 'monthly', qty: 1, price: 3, setup: 0 },
      { service_id: 3, addon_id: '4', name: 'DDoS Protection', cycle: 'a', recurring: 'annually', qty: 1, price: 102, setup: 25 },
    ],
    // 102.00 before, plus 2 x (20.00 + 10.00 setup + 3.00 + 102.00 + 25.00 setup).
    subtotal: 422,
    total: 422,
  };
  t.strictSame(result, { draft: expected, item_id: 3, info: ['Draft item added'] });
  t.strictSame(await draftOf(t, app, '1'), expected, 'getOrderDraft shows it');
  const listed = (await api(app, 'getClientDraftOrders', { client_id: '1' })).orders as Json[];
  t.equal(listed[0].total, '422.00');
});

t.test('a service takes the product first priced cycle, qty 1, no host and no custom values by default', async (t) => {
  const app = await build(t);
  const { draft, item_id } = await add(t, app, { id: '3', prod_type: 'service', product: '18' });
  t.equal(item_id, 2);
  // Draft 3 is priced in EUR: 29.00 and 15.00 setup at 0.9215.
  t.match(services(draft)['2'], { product_id: '18', cycle: 'm', qty: 1, domain: '', customdata: [], price: 26.72, setup: 13.82 });
  t.strictSame(draft.addons, []);
  const once = await add(t, app, { id: '3', prod_type: 'service', product: '16' });
  t.match(services(once.draft)['3'], { cycle: 'Once', recurring: 'once', price: 45.15 }, '49.00 in EUR');
  const free = await add(t, app, { id: '3', prod_type: 'service', product: '13' });
  t.match(services(free.draft)['4'], { cycle: 'Free', recurring: 'free', price: 0 });
});

t.test('an addon without a cycle takes the service cycle when offered, else its own first one', async (t) => {
  const app = await build(t);
  const annual = await add(t, app, { id: '3', prod_type: 'service', product: '17', cycle: 'a', 'addons[2][qty]': '3' });
  t.match(annual.draft.addons, [{ service_id: 2, addon_id: '2', cycle: 'a', qty: 3 }]);
  const quarterly = await add(t, app, { id: '3', prod_type: 'service', product: '17', cycle: 'q', 'addons[2][qty]': '1' });
  t.match((quarterly.draft.addons as Json[])[1], { service_id: 3, addon_id: '2', cycle: 'm' }, 'Extra Backup Space has no q price');
  const oneTime = await add(t, app, { id: '3', prod_type: 'service', product: '17', 'addons[5][qty]': '1', 'addons[6][qty]': '1' });
  t.match((oneTime.draft.addons as Json[]).slice(2), [
    { addon_id: '5', cycle: 'Once' },
    { addon_id: '6', cycle: 'Free' },
  ]);
});

t.test('removing a service removes its addons', async (t) => {
  const app = await build(t);
  await add(t, app, VPS_PARAMS);
  const body = await api(app, 'removeOrderDraftItem', { id: '1', service: '3' });
  const draft = assertSuccess(t, body, 'removeOrderDraftItem').draft as Json;
  t.strictSame(draft.addons, []);
  t.equal(draft.total, 102);
});

t.test('a service whose product changes must carry its addons (editOrderDraftItem)', async (t) => {
  const app = await build(t);
  await add(t, app, VPS_PARAMS);
  const before = storeJson(app);
  assertError(t, await api(app, 'editOrderDraftItem', { id: '1', service: '3', product: '17' }), 'editOrderDraftItem', [
    'Addon 1 is not available for product 17: it applies to products 1, 2, 3, 4, 5, 6, 7, 8, 9',
  ]);
  t.equal(storeJson(app), before);
  const moved = assertSuccess(t, await api(app, 'editOrderDraftItem', { id: '1', service: '3', product: '8' }), 'editOrderDraftItem');
  t.equal((moved.draft as Json).total, 102 + 2 * (12 + 10 + 3 + 102 + 25), 'VPS 1GB carries both addons');
});

t.test('addOrderDraftItem adds a domain by TLD product id', async (t) => {
  const app = await build(t);
  const before = await draftOf(t, app, '1');
  const { draft, item_id } = await add(t, app, { id: '1', prod_type: 'domain', domain_sld: 'Morgan-Shop', domain_tld: '20' });
  t.equal(item_id, 2);
  const registered = {
    domain_id: 2,
    name: 'morgan-shop.com',
    tld_id: '20',
    tld: '.com',
    action: 'Register',
    period: 1,
    price: 12.95,
    epp_code: '',
  };
  t.strictSame(draft, { ...before, domains: { ...domains(before), 2: registered }, subtotal: 114.95, total: 114.95 });
  const transfer = await add(t, app, {
    id: '1',
    prod_type: 'domain',
    domain_sld: 'morgan',
    domain_tld: '22',
    domain_action: 'Transfer',
    domain_period: '3',
    domain_eppcode: 'Ab#12',
  });
  t.strictSame(domains(transfer.draft)['3'], {
    domain_id: 3,
    name: 'morgan.org',
    tld_id: '22',
    tld: '.org',
    action: 'Transfer',
    period: 3,
    price: 41.25,
    epp_code: 'Ab#12',
  });
  t.strictSame(await draftOf(t, app, '1'), transfer.draft);
  const released = await add(t, app, { id: '1', prod_type: 'domain', domain_sld: 'nilsson-outdoor', domain_tld: '20' });
  t.equal(domains(released.draft)['4'].name, 'nilsson-outdoor.com', 'an Expired domain no longer holds its name');
  const first = await add(t, app, { id: '3', prod_type: 'domain', domain_sld: 'laurent', domain_tld: '24', domain_period: '2' });
  t.equal(first.item_id, 1, 'the first domain of a draft');
  t.strictSame(Object.keys(domains(first.draft)), ['1']);
  t.equal(domains(first.draft)['1'].price, 15.67, '.eu for 2 years, 17.00 in EUR');
});

t.test('addOrderDraftItem works through GET, urlencoded and multipart alike', async (t) => {
  const app = await build(t);
  const bodies: Json[] = [];
  for (const via of ENCODINGS) {
    const body = await api(app, CALL, VPS_PARAMS, { via, session: via });
    const result = assertSuccess(t, body, CALL);
    t.strictSame(await draftOf(t, app, '1', via), result.draft, `${via}: getOrderDraft in the same session agrees`);
    bodies.push(body);
  }
  for (let i = 1; i < bodies.length; i++) t.strictSame(bodies[i], bodies[0], `${ENCODINGS[i]} answers as GET does`);
  t.equal((await draftOf(t, app, '1')).total, 102, 'the default session is untouched');
});

t.test('service refusals name the parameter, product or addon', async (t) => {
  const app = await build(t);
  const service = { id: '1', prod_type: 'service' };
  const cases: Array<[WireParams, string]> = [
    [service, 'Parameter product is required to add a service (prod_type=service)'],
    [{ ...service, product: '99' }, 'Product 99 not found'],
    [{ ...service, product: '20' }, 'Product 20 is the domain TLD .com, not a product a service can order'],
    [{ ...service, product: '17', cycle: 's' }, 'Product 17 is not priced on cycle s; it offers: m, q, a'],
    [{ ...service, product: '16', cycle: 'm' }, 'Product 16 is not priced on cycle m; it offers: Once'],
    [{ ...service, product: '17', domain_sld: 'x' }, `Parameter domain_sld does not apply to a draft service: give ${SERVICE_LIST}`],
    [
      { ...service, service: '1', product: '17' },
      'Parameter service (an upgrade of an existing account) is not supported in drafts: order a product with prod_type=service and product',
    ],
    [{ ...service, product: '17', 'addons[99][qty]': '1' }, 'Addon 99 not found'],
    [{ ...service, product: '17', 'addons[3][qty]': '1' }, 'Addon 3 is not available for product 17: it applies to products 8, 9, 10, 11'],
    [{ ...service, product: '17', 'addons[2][cycle]': 'q' }, 'Addon 2 is not offered on cycle q; it offers: m, a'],
    [{ ...service, product: '9', 'addons[1][qty]': '2' }, 'Addon 1 is unique: a service carries it once, so addons[1][qty] must be 1'],
  ];
  for (const [params, message] of cases) assertError(t, await api(app, CALL, params), CALL, [message]);
});

t.test('domain refusals name the parameter, TLD or domain', async (t) => {
  const app = await build(t);
  const domain = { id: '1', prod_type: 'domain' };
  const cases: Array<[WireParams, string]> = [
    [{ ...domain, domain_tld: '20' }, 'Parameter domain_sld is required to add a domain (prod_type=domain)'],
    [{ ...domain, domain_sld: 'x' }, 'Parameter domain_tld is required to add a domain (prod_type=domain)'],
    [{ ...domain, domain_sld: 'x', domain_tld: '99' }, 'TLD 99 not found'],
    [
      { ...domain, domain_sld: 'x', domain_tld: '9' },
      'Product 9 (VPS 2GB) is not a domain TLD: give the id of a TLD product as domain_tld',
    ],
    [
      { ...domain, domain_sld: 'x', domain_tld: '23', domain_period: '5' },
      'TLD .io is not priced for a 5-year Register; it offers: 1, 2, 3',
    ],
    [
      { ...domain, domain_sld: 'x', domain_tld: '20', domain_eppcode: 'abc' },
      'Parameter domain_eppcode applies to a Transfer only: give domain_action=Transfer or leave domain_eppcode out',
    ],
    [{ ...domain, domain_sld: 'Morgan-Studio', domain_tld: '21' }, 'Domain morgan-studio.net is already in order draft 1 (domain 1)'],
    [{ ...domain, domain_sld: 'morgan-design', domain_tld: '20' }, 'Domain morgan-design.com is already held here (domain 1, Active)'],
    [{ ...domain, domain_sld: 'x', domain_tld: '20', qty: '2' }, `Parameter qty does not apply to a draft domain: give ${DOMAIN_LIST}`],
  ];
  for (const [params, message] of cases) assertError(t, await api(app, CALL, params), CALL, [message]);
});

t.test('missing and malformed parameters', async (t) => {
  const app = await build(t);
  const cases: Array<[WireParams, string]> = [
    [{ prod_type: 'service', product: '17' }, 'Parameter id is required'],
    [{ id: '1', product: '17' }, 'Parameter prod_type is required'],
    [{ id: '1', prod_type: 'addon' }, 'Parameter prod_type must be one of: service, domain'],
    [{ id: '0', prod_type: 'service' }, 'Parameter id must be a positive whole number id, such as 1'],
    [{ id: '1', prod_type: 'service', product: '17', qty: '0' }, 'Parameter qty must be a whole number from 1 to 9999 (service only)'],
    [
      { id: '1', prod_type: 'service', product: '17', 'addons[1][qty]': '0' },
      'Parameter addons[1][qty] must be a whole number from 1 to 9999',
    ],
    [
      { id: '1', prod_type: 'service', product: '17', 'addons[x][qty]': '1' },
      'Parameter addons must be keyed by addon ids, as addons[<addon_id>][qty]=1',
    ],
    [
      { id: '1', prod_type: 'domain', domain_sld: '-x', domain_tld: '20' },
      'Parameter domain_sld must be a domain label of 1-63 letters, digits and inner hyphens, such as example (domain only)',
    ],
    [
      { id: '1', prod_type: 'domain', domain_sld: 'x', domain_tld: '20', domain_action: 'Renew' },
      'Parameter domain_action must be one of: Register, Transfer',
    ],
  ];
  for (const [params, message] of cases) assertError(t, await api(app, CALL, params), CALL, [message]);
  assertError(t, await api(app, CALL, { id: '99', prod_type: 'service', product: '17' }), CALL, ['Order draft 99 not found']);
});

t.test('a call that fails late leaves the store unchanged', async (t) => {
  const app = await build(t);
  const before = storeJson(app);
  // Product, cycle and the first addon are fine; the second addon does not fit the product.
  const params = { id: '1', prod_type: 'service', product: '17', cycle: 'm', 'addons[2][qty]': '1', 'addons[3][qty]': '1' };
  assertError(t, await api(app, CALL, params), CALL, ['Addon 3 is not available for product 17: it applies to products 8, 9, 10, 11']);
  t.equal(storeJson(app), before);
  t.equal((await draftOf(t, app, '1')).total, 102);
});
