import t from 'tap';
import { api, assertError, assertSuccess, build, sameEverywhere } from '../../helpers/app.js';
import { NO_SETUP } from '../../helpers/records.js';
import { read, readEverywhere } from '../../helpers/reads.js';

const ITEM_KEYS = [
  'id',
  'type',
  'name',
  'stock',
  'paytype',
  'description',
  'm_setup',
  'q_setup',
  's_setup',
  'a_setup',
  'b_setup',
  't_setup',
  'p4_setup',
  'p5_setup',
  'd_setup',
  'w_setup',
  'h_setup',
  'm',
  'q',
  'a',
  's',
  'b',
  't',
  'p4',
  'p5',
  'd',
  'w',
  'h',
  'qty',
  'visible',
  'ptype',
  'accounts',
];
const UNUSED_CYCLES = { t: '0.00', p4: '0.00', p5: '0.00', d: '0.00', w: '0.00', h: '0.00' };

type Products = Record<string, Record<string, string>>;

/** Product 1, Starter Hosting, as order page 1 lists it in USD. */
const STARTER = {
  id: '1',
  type: '1',
  name: 'Starter Hosting',
  stock: '0',
  paytype: 'Regular',
  description: '1 website\r\n10 GB NVMe storage\r\nFree SSL certificate\r\nWeekly backups',
  ...NO_SETUP,
  m: '4.95',
  q: '14.25',
  a: '49.95',
  s: '27.90',
  b: '89.90',
  ...UNUSED_CYCLES,
  qty: '0',
  visible: '1',
  ptype: 'shared',
  // Accounts 6 and 18 (client 9's Fraud order).
  accounts: '2',
};

t.test('getProducts answers the products of an order page keyed by id', async (t) => {
  const app = await build(t);
  const products = (await readEverywhere(t, app, 'getProducts', { id: '1' })).products as Products;
  // Products 1-3 sit directly in order page 1; 4-7 are in its sub-pages and not listed.
  t.strictSame(Object.keys(products), ['1', '2', '3']);
  t.strictSame(Object.keys(products['1']), ITEM_KEYS, 'wire key order: recurring prices q, a, s');
  t.strictSame(products['1'], STARTER);
  t.strictSame(products['3'], {
    id: '3',
    type: '1',
    name: 'Ultimate Hosting',
    stock: '0',
    paytype: 'Regular',
    description: 'Unlimited websites\r\n200 GB NVMe storage\r\nDedicated IP address\r\nDaily off-site backups\r\nPriority support',
    ...NO_SETUP,
    m: '16.00',
    q: '0.00',
    a: '172.80',
    s: '0.00',
    b: '320.00',
    ...UNUSED_CYCLES,
    qty: '0',
    visible: '1',
    ptype: 'shared',
    accounts: '1',
  });
});

t.test('getProducts shows stock, quantity and account counts from the records', async (t) => {
  const app = await build(t);
  const vps = (await read(t, app, 'getProducts', { id: '9' })).products as Products;
  t.strictSame([vps['10'].stock, vps['10'].qty, vps['10'].ptype, vps['10'].accounts], ['1', '14', 'vps', '0']);
  // Page 6: product 16 has no account, 17 has accounts 4, 15, 16 and 17, 18 has account 9 (cancelled, still counted).
  const managed = (await read(t, app, 'getProducts', { id: '6' })).products as Products;
  t.strictSame(
    Object.values(managed).map((p) => [p.id, p.paytype, p.accounts]),
    [
      ['16', 'Once', '0'],
      ['17', 'Regular', '4'],
      ['18', 'Regular', '1'],
    ],
  );
});

t.test('getProducts converts prices with currency_id', async (t) => {
  const app = await build(t);
  const eur = assertSuccess(t, await sameEverywhere(t, app, 'getProducts', { id: '1', currency_id: '1' }), 'getProducts');
  // EUR rate 0.9215 against the main USD: 4.95 -> 4.561425 -> 4.56, 27.90 -> 25.70985 -> 25.71, 49.95 -> 46.028925 -> 46.03.
  t.strictSame((eur.products as Products)['1'], {
    ...STARTER,
    m: '4.56',
    q: '13.13',
    a: '46.03',
    s: '25.71',
    b: '82.84',
  });
  // Setup fees convert too: product 5's 5.00 setup -> 4.6075 -> 4.61; GBP 0.7890: 11.99 -> 9.46011 -> 9.46.
  const eu = (await read(t, app, 'getProducts', { id: '7', currency_id: '1' })).products as Products;
  t.strictSame([eu['5'].m_setup, eu['5'].q_setup, eu['5'].m, eu['5'].q, eu['5'].a], ['4.61', '4.61', '11.05', '31.79', '110.49']);
  const gbp = (await read(t, app, 'getProducts', { id: '7', currency_id: '2' })).products as Products;
  t.equal(gbp['5'].m, '9.46');
  // The main currency is "0": prices stay as stored.
  const main = await api(app, 'getProducts', { id: '1', currency_id: '0' });
  t.strictSame(main.products, (await api(app, 'getProducts', { id: '1' })).products);
});

t.test('getProducts filters on visible and answers [] when nothing is left', async (t) => {
  const app = await build(t);
  // Order page 11 (hidden "Legacy Plans") holds only product 19, which is hidden.
  const hidden = await read(t, app, 'getProducts', { id: '11', visible: '0' });
  t.strictSame(Object.keys(hidden.products as Products), ['19']);
  t.equal((hidden.products as Products)['19'].visible, '0');
  const visible = await read(t, app, 'getProducts', { id: '11', visible: '1' });
  t.strictSame(visible, { products: [] }, "an empty list is PHP's empty array");
  const all = await read(t, app, 'getProducts', { id: '11' });
  t.strictSame(Object.keys(all.products as Products), ['19']);
  const shared = await read(t, app, 'getProducts', { id: '1', visible: '1' });
  t.strictSame(Object.keys(shared.products as Products), ['1', '2', '3']);
  t.strictSame(await read(t, app, 'getProducts', { id: '1', visible: '0' }), { products: [] });
});

t.test('getProducts refuses missing, malformed and unknown parameters', async (t) => {
  const app = await build(t);
  const call = 'getProducts';
  assertError(t, await api(app, call, {}), call, ['Parameter id is required']);
  assertError(t, await api(app, call, { id: 'abc' }), call, ['Parameter id must be a positive whole number id, such as 1']);
  assertError(t, await api(app, call, { id: '1', currency_id: 'eur' }), call, [
    'Parameter currency_id must be 0 or a positive whole number id',
  ]);
  assertError(t, await api(app, call, { id: '1', visible: '-1' }), call, ['Parameter visible must be one of: 0, 1']);
  assertError(t, await api(app, call, { id: '999' }), call, ['Order page 999 not found']);
  assertError(t, await api(app, call, { id: '1', currency_id: '99' }), call, ['Currency 99 not found']);
});
