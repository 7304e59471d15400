import t from 'tap';
import { api, assertError, assertSuccess, build, sameEverywhere } from '../../helpers/app.js';
import { read } from '../../helpers/reads.js';
import { ALICE, ENABLED_MQA, NO_DOMAIN_OPTIONS, NO_PRICES, PLAIN_PRODUCT } from '../../helpers/records.js';

type Json = Record<string, unknown>;

const BACKUP_PRODUCT = {
  id: '17',
  category_id: '6',
  type: '5',
  name: 'Managed Backup',
  description: 'Nightly off-site backups of one server, 30-day retention.',
  ...PLAIN_PRODUCT,
  upgrades: '',
  sort_order: '2',
  rel: 'Product',
  paytype: 'Regular',
  ...NO_PRICES,
  m: 6,
  q: 17.1,
  a: 64.8,
  ...ENABLED_MQA,
  ptype: 'other',
  module: '0',
  free_domain: '0',
};
const TOM = {
  ...ALICE,
  id: '10',
  email: 'tom.reed@morgan-design.com',
  lastlogin: '2026-11-03 10:05:19',
  ip: '198.51.100.24',
  host: '198-51-100-24.static.austin-fiber.net',
  parent_id: '1',
  firstname: 'Tom',
  lastname: 'Reed',
  phonenumber: '+1.5125550143',
  datecreated: '2025-09-01',
  client_id: '10',
  cardnum: '',
  privileges: { billing: { emails: '1', payinvoice: '1' } },
  howdidyou: '',
};

const DRAFT_1 = {
  services: {
    1: {
      product_id: '9',
      service_id: 1,
      cycle: 'q',
      parent_id: 0,
      category_id: '2',
      domain: 'app.morgan-design.com',
      billingtype: 'PrePay',
      customdata: { 12: { 34: 'Ubuntu 24.04 LTS' } },
      qty: 1,
      config: [],
      domainoptions: NO_DOMAIN_OPTIONS,
      p_options: 0,
      contract_id: '0',
      id: '9',
      name: 'VPS 2GB',
      _name: 'VPS 2GB',
      category_name: 'VPS Hosting',
      _category_name: 'VPS Hosting',
      prorata_amount: false,
      prorata_date: false,
      order_date: '2026-11-19 14:22:05',
      price: 57,
      price_today: 57,
      recurring: 'quarterly',
      setup: 10,
      tax: '1',
      tax_group_id: '1',
      full_month: 0,
      period: { from: '2026-11-19', to: '2027-02-18' },
      product: {
        id: '9',
        category_id: '2',
        type: '4',
        name: 'VPS 2GB',
        description: '2 vCPU\r\n2 GB RAM\r\n50 GB NVMe\r\n2 TB traffic',
        ...PLAIN_PRODUCT,
        upgrades: '10,11',
        sort_order: '2',
        rel: 'Product',
        paytype: 'Regular',
        ...NO_PRICES,
        m_setup: 10,
        q_setup: 10,
        m: 20,
        q: 57,
        a: 216,
        ...ENABLED_MQA,
        ptype: 'vps',
        module: '5',
        free_domain: '0',
      },
    },
    2: {
      product_id: '17',
      service_id: 2,
      cycle: 'm',
      parent_id: 0,
      category_id: '6',
      domain: 'app.morgan-design.com',
      billingtype: 'PrePay',
      customdata: [],
      qty: 1,
      config: [],
      domainoptions: NO_DOMAIN_OPTIONS,
      p_options: 0,
      contract_id: '0',
      id: '17',
      name: 'Managed Backup',
      _name: 'Managed Backup',
      category_name: 'Managed Services',
      _category_name: 'Managed Services',
      prorata_amount: false,
      prorata_date: false,
      order_date: '2026-11-19 14:23:40',
      price: 6,
      price_today: 6,
      recurring: 'monthly',
      setup: 0,
      tax: '1',
      tax_group_id: '1',
      full_month: 0,
      period: { from: '2026-11-19', to: '2026-12-18' },
      product: BACKUP_PRODUCT,
    },
  },
  addons: [],
  domains: {
    1: {
      domain_id: 1,
      name: 'morgan-studio.net',
      tld_id: '21',
      tld: '.net',
      action: 'Register',
      period: 2,
      price: 29,
      epp_code: '',
    },
  },
  customizations: [],
  dom_customizations: [],
  id: 1,
  client_id: 1,
  module: 2,
  date: '2026-11-19 14:22:05',
  discount: '',
  scenario_id: 0,
  staff_member_id: 1,
  contract_id: '',
  commitment_date: '',
  affiliate_id: 0,
  metadata: false,
  estimate_id: '0',
  options: { confirm_email: true, generate_invoice: true, send_invoice: true, override_recipients: false },
  available_recipients: [ALICE, TOM],
  subtotal: 102,
  total: 102,
};

t.test('getOrderDraft answers the whole draft in the real wire shape', async (t) => {
  const app = await build(t);
  const body = await sameEverywhere(t, app, 'getOrderDraft', { id: '1' });
  const result = assertSuccess(t, body, 'getOrderDraft');
  t.strictSame(result, { draft: DRAFT_1, info: [] });
  t.strictSame(
    Object.keys(body),
    ['success', 'draft', 'call', 'server_time', 'info'],
    'draft, then the envelope, then info (an empty list)',
  );
  const draft = result.draft as Json;
  t.strictSame(Object.keys(draft), Object.keys(DRAFT_1), 'draft keys in the real order');
  t.strictSame(Object.keys(draft.services as Json), ['1', '2'], 'services keyed by service_id');
  const service = (draft.services as Record<string, Json>)['1'];
  for (const key of ['service_id', 'parent_id', 'qty', 'price', 'price_today', 'setup', 'full_month', 'p_options']) {
    t.type(service[key], 'number', `service ${key} is a number`);
  }
  for (const key of ['product_id', 'category_id', 'tax', 'tax_group_id', 'contract_id', 'id']) {
    t.type(service[key], 'string', `service ${key} is a string`);
  }
  const product = service.product as Json;
  t.type(product.q, 'number', 'product prices are numbers');
  t.type(product.q_enabled, 'string', 'product cycle flags are strings');
  for (const key of ['id', 'client_id', 'module', 'scenario_id', 'staff_member_id', 'affiliate_id']) {
    t.type(draft[key], 'number', `draft ${key} is a number`);
  }
  t.type(draft.estimate_id, 'string', 'estimate_id is a string');
  t.notOk('password' in (draft.available_recipients as Json[])[0], 'recipients carry no password');
});

t.test('getOrderDraft shows an empty domain list as [] and prices in the draft currency, in cents', async (t) => {
  const app = await build(t);
  const result = await read(t, app, 'getOrderDraft', { id: '3' });
  const draft = result.draft as Json;
  t.strictSame(draft.domains, [], 'no domains: [] as PHP serialises an empty array');
  t.strictSame(Object.keys(draft.services as Json), ['1']);
  t.strictSame((draft.services as Record<string, Json>)['1'].period, { from: '2026-11-05', to: '2027-02-04' });
  t.equal(draft.estimate_id, '3');
  t.strictSame(draft.options, { confirm_email: true, generate_invoice: true, send_invoice: false, override_recipients: true });
  t.strictSame(
    (draft.available_recipients as Json[]).map((c) => c.id),
    ['5'],
    'a client without contacts',
  );
  // Client 5 is billed in EUR: the draft shows 17.10 (USD catalogue) x 0.9215 = 15.75765, in whole cents.
  const service = (draft.services as Record<string, Json>)['1'];
  t.match(service, { price: 15.76, price_today: 15.76, setup: 0 });
  t.equal((service.product as Json).q, 17.1, 'the embedded product record keeps the catalogue price');
  t.equal(draft.subtotal, 15.76);
  t.equal(draft.total, 15.76);
});

t.test('getOrderDraft prices quantities, transfers and several domains', async (t) => {
  const app = await build(t);
  const result = await read(t, app, 'getOrderDraft', { id: '2' });
  const draft = result.draft as Json;
  const service = (draft.services as Record<string, Json>)['1'];
  t.match(service, { cycle: 'b', recurring: 'biennially', qty: 2, price: 17.9, price_today: 17.9, setup: 0 });
  t.strictSame(draft.domains, {
    1: {
      domain_id: 1,
      name: 'haddad-trading.net',
      tld_id: '21',
      tld: '.net',
      action: 'Transfer',
      period: 1,
      price: 14.5,
      epp_code: 'Xk9#pL2qW7zT',
    },
    2: { domain_id: 2, name: 'haddadtrading.org', tld_id: '22', tld: '.org', action: 'Register', period: 1, price: 13.75, epp_code: '' },
  });
  t.equal(draft.subtotal, 64.05, '2 x 17.90 + 14.50 + 13.75, without float drift');
  t.equal(draft.total, 64.05);
});

t.test('getOrderDraft rejects a missing, malformed or unknown id', async (t) => {
  const app = await build(t);
  assertError(t, await api(app, 'getOrderDraft', {}), 'getOrderDraft', ['Parameter id is required']);
  for (const id of ['abc', '0', '1.5']) {
    assertError(t, await api(app, 'getOrderDraft', { id }), 'getOrderDraft', [
      'Parameter id must be a positive whole number id, such as 1',
    ]);
  }
  assertError(t, await api(app, 'getOrderDraft', { id: '99' }), 'getOrderDraft', ['Order draft 99 not found']);
});
