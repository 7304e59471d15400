import t from 'tap';
import type { Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, assertError, assertSuccess, build, ENCODINGS, storeJson, type Body, type WireParams } from '../../helpers/app.js';
import { refusals } from '../../helpers/refusals.js';
import { ENABLED_MQA, NO_DOMAIN_OPTIONS, NO_PRICES, PLAIN_PRODUCT } from '../../helpers/records.js';
import { orderDraft } from '../../helpers/reads.js';

type Json = Record<string, unknown>;
const CALL = 'editOrderDraftItem';

/** Service 1 of draft 1 after moving it to VPS 1GB, monthly, two units, on a new host, with one more custom value. */
const VPS_1GB_SERVICE = {
  product_id: '8',
  service_id: 1,
  cycle: 'm',
  parent_id: 0,
  category_id: '2',
  domain: 'vps1.morgan-design.com',
  billingtype: 'PrePay',
  customdata: { 12: { 34: 'Ubuntu 24.04 LTS', 35: 'eu-west' } },
  qty: 2,
  config: [],
  domainoptions: NO_DOMAIN_OPTIONS,
  p_options: 0,
  contract_id: '0',
  id: '8',
  name: 'VPS 1GB',
  _name: 'VPS 1GB',
  category_name: 'VPS Hosting',
  _category_name: 'VPS Hosting',
  prorata_amount: false,
  prorata_date: false,
  order_date: '2026-11-19 14:22:05',
  price: 12,
  price_today: 12,
  recurring: 'monthly',
  setup: 10,
  tax: '1',
  tax_group_id: '1',
  full_month: 0,
  period: { from: '2026-11-19', to: '2026-12-18' },
  product: {
    id: '8',
    category_id: '2',
    type: '4',
    name: 'VPS 1GB',
    description: '1 vCPU\r\n1 GB RAM\r\n25 GB NVMe\r\n1 TB traffic',
    ...PLAIN_PRODUCT,
    upgrades: '9,10,11',
    sort_order: '1',
    rel: 'Product',
    paytype: 'Regular',
    ...NO_PRICES,
    m_setup: 10,
    q_setup: 10,
    m: 12,
    q: 34.2,
    a: 129.6,
    ...ENABLED_MQA,
    ptype: 'vps',
    module: '5',
    free_domain: '0',
  },
};
const MOVE_TO_VPS_1GB: WireParams = {
  id: '1',
  service: '1',
  product: '8',
  cycle: 'm',
  host: 'vps1.morgan-design.com',
  qty: '2',
  'custom[12][35]': 'eu-west',
};

const draftOf = orderDraft<Json>;

async function edit(t: Test, app: FastifyInstance, params: WireParams): Promise<Json> {
  const body = await api(app, CALL, params);
  t.strictSame(body.info, ['Draft item updated']);
  return assertSuccess(t, body, CALL).draft as Json;
}

const service = (draft: Json, id: string): Json => (draft.services as Record<string, Json>)[id];
const domain = (draft: Json, id: string): Json => (draft.domains as Record<string, Json>)[id];

t.test('editOrderDraftItem changes a service; prices and totals follow; getOrderDraft shows it', async (t) => {
  const app = await build(t);
  const before = await draftOf(t, app, '1');
  const body = await api(app, CALL, MOVE_TO_VPS_1GB);
  const result = assertSuccess(t, body, CALL);
  // (12.00 price + 10.00 setup) x 2 + 6.00 backup + 29.00 domain = 79.00
  const expected = {
    ...before,
    services: { 1: VPS_1GB_SERVICE, 2: service(before, '2') },
    subtotal: 79,
    total: 79,
  };
  t.strictSame(result, { draft: expected, info: ['Draft item updated'] });
  t.strictSame(Object.keys(body), ['success', 'draft', 'call', 'server_time', 'info'], 'info after server_time');
  t.strictSame(await draftOf(t, app, '1'), expected, 'getOrderDraft shows the change');
});

t.test('editOrderDraftItem works through GET, urlencoded and multipart alike', async (t) => {
  const app = await build(t);
  const bodies: Body[] = [];
  for (const via of ENCODINGS) {
    const body = await api(app, CALL, MOVE_TO_VPS_1GB, { via, session: via });
    assertSuccess(t, body, CALL);
    t.strictSame(service(body.draft as Json, '1'), VPS_1GB_SERVICE, `${via}: the service changed`);
    t.strictSame(await draftOf(t, app, '1', via), body.draft, `${via}: getOrderDraft in the same session agrees`);
    bodies.push(body);
  }
  for (let i = 1; i < bodies.length; i++) t.strictSame(bodies[i], bodies[0], `${ENCODINGS[i]} answers as GET does`);
  t.equal((await draftOf(t, app, '1')).total, 102, 'the default session is untouched');
});

t.test('a new product without a cycle keeps the current cycle when the product offers it', async (t) => {
  const app = await build(t);
  const draft = await edit(t, app, { id: '1', service: '1', product: '8' });
  t.match(service(draft, '1'), { product_id: '8', cycle: 'q', recurring: 'quarterly', price: 34.2, setup: 10, qty: 1 });
  t.equal(draft.total, 79.2, '34.20 + 10.00 setup + 6.00 + 29.00');
});

t.test('a cycle alone reprices the current product', async (t) => {
  const app = await build(t);
  const draft = await edit(t, app, { id: '1', service: '1', cycle: 'a' });
  t.match(service(draft, '1'), {
    product_id: '9',
    cycle: 'a',
    recurring: 'annually',
    price: 216,
    price_today: 216,
    setup: 0,
    period: { from: '2026-11-19', to: '2027-11-18' },
  });
  t.equal(draft.subtotal, 251, '216.00 (no annual setup) + 6.00 + 29.00');
  t.equal(draft.total, 251);
  t.equal((await draftOf(t, app, '1')).total, 251);
});

t.test('qty multiplies price and setup; the other items keep theirs', async (t) => {
  const app = await build(t);
  const draft = await edit(t, app, { id: '1', service: '2', qty: '3' });
  t.match(service(draft, '2'), { qty: 3, price: 6 });
  t.match(service(draft, '1'), { qty: 1, price: 57, setup: 10 });
  t.equal(draft.total, 114, '67.00 + 3 x 6.00 + 29.00');
});

t.test('one-time and free products bill only on Once and Free', async (t) => {
  const app = await build(t);
  let draft = await edit(t, app, { id: '1', service: '1', product: '16', cycle: 'Once' });
  t.match(service(draft, '1'), { product_id: '16', cycle: 'Once', recurring: 'once', price: 49, setup: 0 });
  t.equal(draft.total, 84, '49.00 + 6.00 + 29.00');
  assertError(t, await api(app, CALL, { id: '1', service: '1', cycle: 'm' }), CALL, [
    'Product 16 is not priced on cycle m; it offers: Once',
  ]);
  draft = await edit(t, app, { id: '1', service: '1', product: '13', cycle: 'Free' });
  t.match(service(draft, '1'), { product_id: '13', cycle: 'Free', recurring: 'free', price: 0, setup: 0 });
  t.equal(draft.total, 35, '0 + 6.00 + 29.00');
  // A Once product does not take the monthly cycle service 2 keeps.
  assertError(t, await api(app, CALL, { id: '1', service: '2', product: '16' }), CALL, [
    'Product 16 is not priced on cycle m; it offers: Once',
  ]);
});

t.test('a cycle the product is not priced on is refused, naming product and cycles', async (t) => {
  const app = await build(t);
  // Without a cycle, the kept cycle q must be offered by the new product.
  assertError(t, await api(app, CALL, { id: '1', service: '1', product: '7' }), CALL, [
    'Product 7 is not priced on cycle q; it offers: m, s, a',
  ]);
  assertError(t, await api(app, CALL, { id: '1', service: '1', cycle: 's' }), CALL, [
    'Product 9 is not priced on cycle s; it offers: m, q, a',
  ]);
  assertError(t, await api(app, CALL, { id: '1', service: '1', product: '12', cycle: 'q' }), CALL, [
    'Product 12 is not priced on cycle q; it offers: m, h',
  ]);
  // A Regular product has no one-time price.
  assertError(t, await api(app, CALL, { id: '1', service: '1', cycle: 'Once' }), CALL, [
    'Product 9 is not priced on cycle Once; it offers: m, q, a',
  ]);
  const draft = await edit(t, app, { id: '1', service: '1', product: '7', cycle: 's' });
  t.match(service(draft, '1'), { product_id: '7', cycle: 's', price: 56.94 });
});

refusals('a domain TLD or an unknown product cannot be a service product', CALL, [
  [{ id: '1', service: '1', product: '20', cycle: 'a' }, 'Product 20 is the domain TLD .com, not a product a service can order'],
  [{ id: '1', service: '1', product: '99' }, 'Product 99 not found'],
]);

t.test('host is stored as the service domain', async (t) => {
  const app = await build(t);
  const draft = await edit(t, app, { id: '1', service: '2', host: 'backup.morgan-design.com' });
  t.equal(service(draft, '2').domain, 'backup.morgan-design.com');
  t.equal(service(draft, '1').domain, 'app.morgan-design.com', 'the other service keeps its host');
  t.equal(service(await draftOf(t, app, '1'), '2').domain, 'backup.morgan-design.com');
  t.equal(draft.total, 102, 'a host costs nothing');
});

t.test('custom values merge; an empty value removes its field and an emptied category goes', async (t) => {
  const app = await build(t);
  let draft = await edit(t, app, { id: '1', service: '1', 'custom[12][35]': 'eu-west', 'custom[13][1]': 'yes' });
  t.strictSame(service(draft, '1').customdata, { 12: { 34: 'Ubuntu 24.04 LTS', 35: 'eu-west' }, 13: { 1: 'yes' } });
  draft = await edit(t, app, { id: '1', service: '1', 'custom[12][34]': 'Debian 12', 'custom[13][1]': '' });
  t.strictSame(service(draft, '1').customdata, { 12: { 34: 'Debian 12', 35: 'eu-west' } });
  draft = await edit(t, app, { id: '1', service: '1', 'custom[12][34]': '', 'custom[12][35]': '' });
  t.strictSame(service(draft, '1').customdata, [], 'no values left: [] as for a service without any');
  t.strictSame(service(await draftOf(t, app, '1'), '1').customdata, []);
  draft = await edit(t, app, { id: '1', service: '2', 'custom[7][8]': 'nightly' });
  t.strictSame(service(draft, '2').customdata, { 7: { 8: 'nightly' } }, 'a service without values gains some');
});

t.test('a domain takes a new period and action; its price and the total follow', async (t) => {
  const app = await build(t);
  let draft = await edit(t, app, { id: '1', domain: '1', period: '3' });
  t.strictSame(domain(draft, '1'), {
    domain_id: 1,
    name: 'morgan-studio.net',
    tld_id: '21',
    tld: '.net',
    action: 'Register',
    period: 3,
    price: 43.5,
    epp_code: '',
  });
  t.equal(draft.total, 116.5, '67.00 + 6.00 + 43.50');
  draft = await edit(t, app, { id: '1', domain: '1', action: 'Transfer', period: '1', epp_code: 'Zq7!mN3x' });
  t.strictSame(domain(draft, '1'), {
    domain_id: 1,
    name: 'morgan-studio.net',
    tld_id: '21',
    tld: '.net',
    action: 'Transfer',
    period: 1,
    price: 14.5,
    epp_code: 'Zq7!mN3x',
  });
  t.equal(draft.total, 87.5, '67.00 + 6.00 + 14.50');
  t.strictSame(await draftOf(t, app, '1'), draft, 'getOrderDraft shows the change');
});

refusals('a period must be priced for the TLD', CALL, [
  [{ id: '1', domain: '1', period: '7' }, 'TLD .net is not priced for a 7-year Register; it offers: 1, 2, 3, 4, 5'],
  [{ id: '2', domain: '2', period: '10', action: 'Transfer' }, 'TLD .org is not priced for a 10-year Transfer; it offers: 1, 2, 3, 4, 5'],
]);

t.test('a registration carries no EPP code', async (t) => {
  const app = await build(t);
  assertError(t, await api(app, CALL, { id: '1', domain: '1', epp_code: 'abc' }), CALL, [
    'Parameter epp_code applies to a Transfer only: give action=Transfer or leave epp_code out',
  ]);
  const draft = await edit(t, app, { id: '2', domain: '1', action: 'Register' });
  t.match(domain(draft, '1'), { action: 'Register', epp_code: '', price: 14.5 }, 'switching to Register drops the code');
  const transfer = await edit(t, app, { id: '2', domain: '1', action: 'Transfer', epp_code: 'New#Code1' });
  t.match(domain(transfer, '1'), { action: 'Transfer', epp_code: 'New#Code1' });
});

t.test('parameters of the other item kind, or none to change, are refused', async (t) => {
  const app = await build(t);
  for (const [name, value] of [
    ['product', '8'],
    ['cycle', 'm'],
    ['host', 'x.example'],
    ['qty', '2'],
    ['custom[1][2]', 'v'],
  ]) {
    const key = name.startsWith('custom') ? 'custom' : name;
    assertError(t, await api(app, CALL, { id: '1', domain: '1', period: '1', [name]: value }), CALL, [
      `Parameter ${key} does not apply to a draft domain: give period, action or epp_code`,
    ]);
  }
  for (const [name, value] of [
    ['period', '1'],
    ['action', 'Transfer'],
    ['epp_code', 'x'],
  ]) {
    assertError(t, await api(app, CALL, { id: '1', service: '1', qty: '2', [name]: value }), CALL, [
      `Parameter ${name} does not apply to a draft service: give product, cycle, host, qty or custom`,
    ]);
  }
  assertError(t, await api(app, CALL, { id: '1', service: '1' }), CALL, ['Nothing to change: give product, cycle, host, qty or custom']);
  assertError(t, await api(app, CALL, { id: '1', domain: '1' }), CALL, ['Nothing to change: give period, action or epp_code']);
});

refusals('exactly one of service or domain names the item', CALL, [
  [{ id: '1', qty: '2' }, 'Parameter service or domain is required: the service_id or domain_id of the draft item'],
  [{ id: '1', service: '1', domain: '1', qty: '2' }, 'Parameters service and domain exclude each other: name one draft item per call'],
]);

refusals('unknown draft or item', CALL, [
  [{ id: '99', service: '1', qty: '2' }, 'Order draft 99 not found'],
  [{ id: '1', service: '3', qty: '2' }, 'Order draft 1 service 3 not found'],
  [{ id: '3', domain: '1', period: '2' }, 'Order draft 3 domain 1 not found'],
]);

t.test('missing and malformed parameters', async (t) => {
  const app = await build(t);
  assertError(t, await api(app, CALL, { service: '1', qty: '2' }), CALL, ['Parameter id is required']);
  const cases: Array<[WireParams, string]> = [
    [{ id: 'abc', service: '1', qty: '2' }, 'Parameter id must be a positive whole number id, such as 1'],
    [{ id: '1', service: '0', qty: '2' }, 'Parameter service must be a positive whole number id, such as 1'],
    [{ id: '1', domain: 'x', period: '2' }, 'Parameter domain must be a positive whole number id, such as 1'],
    [{ id: '1', service: '1', product: '8a' }, 'Parameter product must be a positive whole number id, such as 1'],
    [{ id: '1', service: '1', qty: '0' }, 'Parameter qty must be a whole number from 1 to 9999 (service only)'],
    [{ id: '1', service: '1', qty: '1.5' }, 'Parameter qty must be a whole number from 1 to 9999 (service only)'],
    [{ id: '1', service: '1', cycle: 'monthly' }, 'Parameter cycle must be one of: m, q, s, a, b, t, p4, p5, d, w, h, Once, Free'],
    [
      { id: '1', service: '1', host: 'h'.repeat(256) },
      "Parameter host must be a hostname of at most 255 characters (service only; stored in the service's domain field)",
    ],
    [{ id: '1', service: '1', custom: 'abc' }, 'Parameter custom must be given as custom[<category_id>][<field_id>]=value (service only)'],
    [{ id: '1', service: '1', 'custom[12]': 'abc' }, 'Parameter custom[12] must be given as custom[<category_id>][<field_id>]=value'],
    [
      { id: '1', service: '1', 'custom[os][34]': 'abc' },
      'Parameter custom must be keyed by positive numeric ids, as custom[<category_id>][<field_id>]=value',
    ],
    [{ id: '1', domain: '1', period: '11' }, 'Parameter period must be a registration period in years from 1 to 10 (domain only)'],
    [{ id: '1', domain: '1', action: 'Renew' }, 'Parameter action must be one of: Register, Transfer'],
  ];
  for (const [params, message] of cases) assertError(t, await api(app, CALL, params), CALL, [message]);
});

t.test('a request that fails late leaves the store unchanged', async (t) => {
  const app = await build(t);
  const before = storeJson(app);
  // Draft, item, product and the other values all pass; the kept cycle q is not offered by product 7.
  const body = await api(app, CALL, {
    id: '1',
    service: '1',
    product: '7',
    host: 'other.example',
    qty: '4',
    'custom[12][34]': 'Debian 12',
  });
  assertError(t, body, CALL, ['Product 7 is not priced on cycle q; it offers: m, s, a']);
  t.equal(storeJson(app), before);
  assertError(t, await api(app, CALL, { id: '1', domain: '1', action: 'Transfer', period: '9' }), CALL, [
    'TLD .net is not priced for a 9-year Transfer; it offers: 1, 2, 3, 4, 5',
  ]);
  t.equal(storeJson(app), before);
  t.equal((await draftOf(t, app, '1')).total, 102);
});
