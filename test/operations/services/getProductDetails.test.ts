import t from 'tap';
import { api, assertError, assertSuccess, build, sameEverywhere } from '../../helpers/app.js';
import { refusals } from '../../helpers/refusals.js';
import { COM_PERIODS, NO_CYCLES, NO_SETUP, PLAIN_PRODUCT } from '../../helpers/records.js';
import { read, readEverywhere } from '../../helpers/reads.js';

const NO_EMAILS = { welcome_email_id: '0', suspend_email_id: '0', unsuspend_email_id: '0', terminate_email_id: '0' };

const CLOUD_FLEX = {
  id: '12',
  category_id: '3',
  type: '14',
  name: 'Cloud Flex',
  description: 'Scale CPU, memory and disk with sliders; billed by the hour or the month.',
  visible: '1',
  domain_options: '0',
  stock: '0',
  qty: '0',
  autosetup: '2',
  subdomain: '',
  owndomain: '0',
  tax: '1',
  upgrades: '',
  sort_order: '1',
  rel: 'Product',
  ...NO_EMAILS,
  paytype: 'Regular',
  ...NO_SETUP,
  ...NO_CYCLES,
  m: '18.00',
  h: '0.03',
  ptype: 'onappcloud',
  options: [],
  module: '7',
  server: { 6: '6' },
  tlds: null,
  periods: null,
  free_domain: '0',
  hostname: true,
  ospick: true,
};

t.test('getProductDetails answers every field of a product in the real key order', async (t) => {
  const app = await build(t);
  const result = await readEverywhere(t, app, 'getProductDetails', { id: '12' });
  t.strictSame(result, { product: CLOUD_FLEX });
  t.strictSame(Object.keys(result.product as object), Object.keys(CLOUD_FLEX), 'key order as on the wire');
});

t.test('getProductDetails answers a TLD with its periods and no hostname or OS choice', async (t) => {
  const app = await build(t);
  const result = await read(t, app, 'getProductDetails', { id: '20' });
  t.strictSame(result.product, {
    id: '20',
    category_id: '4',
    type: '8',
    name: '.com',
    description: '',
    ...PLAIN_PRODUCT,
    upgrades: '',
    sort_order: '1',
    rel: 'Product',
    ...NO_EMAILS,
    paytype: 'DomainRegular',
    ...NO_SETUP,
    ...NO_CYCLES,
    ptype: 'domain',
    options: [],
    module: '1',
    server: [],
    tlds: null,
    periods: COM_PERIODS,
    free_domain: '0',
    hostname: false,
    ospick: false,
  });
  // Shared hosting is not a server product either.
  const shared = await read(t, app, 'getProductDetails', { id: '1' });
  const { hostname, ospick, periods, server } = shared.product as Record<string, unknown>;
  t.strictSame([hostname, ospick, periods], [false, false, null]);
  t.strictSame(server, { 1: '1', 2: '2', 3: '3' }, 'the servers it provisions on, keyed by id as PHP encodes them');
});

t.test('getProductDetails converts prices, setup fees and period prices with currency_id', async (t) => {
  const app = await build(t);
  // EUR 0.9215: 18.00 -> 16.587 -> 16.59; 0.03 -> 0.027645 -> 0.03.
  const cloud = assertSuccess(t, await sameEverywhere(t, app, 'getProductDetails', { id: '12', currency_id: '1' }), 'getProductDetails');
  t.strictSame(cloud.product, { ...CLOUD_FLEX, m: '16.59', h: '0.03' });
  // Product 5's 5.00 setup fee -> 4.6075 -> 4.61.
  const eu = await read(t, app, 'getProductDetails', { id: '5', currency_id: '1' });
  const euProduct = eu.product as Record<string, string>;
  t.strictSame([euProduct.m_setup, euProduct.m, euProduct.a], ['4.61', '11.05', '110.49']);
  // 12.95 -> 11.933425 -> 11.93, 14.95 -> 13.776425 -> 13.78, 25.90 -> 23.86685 -> 23.87 ...
  const com = await read(t, app, 'getProductDetails', { id: '20', currency_id: '1' });
  t.strictSame((com.product as Record<string, unknown>).periods, [
    { period: '1', register: '11.93', transfer: '11.93', renew: '13.78' },
    { period: '2', register: '23.87', transfer: '23.87', renew: '27.55' },
    { period: '3', register: '35.80', transfer: '35.80', renew: '41.33' },
    { period: '4', register: '47.73', transfer: '47.73', renew: '55.11' },
    { period: '5', register: '59.67', transfer: '59.67', renew: '68.88' },
  ]);
  // GBP 0.7890: 12.95 -> 10.21755 -> 10.22.
  const gbp = await read(t, app, 'getProductDetails', { id: '20', currency_id: '2' });
  t.equal(((gbp.product as Record<string, unknown>).periods as Array<Record<string, string>>)[0].register, '10.22');
  // The main currency is "0": prices stay as stored.
  const main = await read(t, app, 'getProductDetails', { id: '12', currency_id: '0' });
  t.strictSame(main.product, CLOUD_FLEX);
});

t.test('getProductDetails requires id', async (t) => {
  const app = await build(t);
  assertError(t, await api(app, 'getProductDetails', {}), 'getProductDetails', ['Parameter id is required']);
});

refusals('getProductDetails refuses malformed ids', 'getProductDetails', [
  [{ id: 'abc' }, 'Parameter id must be a positive whole number id, such as 1'],
  [{ id: '12', currency_id: 'eur' }, 'Parameter currency_id must be 0 or a positive whole number id'],
]);

refusals('getProductDetails names a product or currency that does not exist', 'getProductDetails', [
  [{ id: '999' }, 'Product 999 not found'],
  [{ id: '12', currency_id: '9' }, 'Currency 9 not found'],
]);
