import t from 'tap';
import { api, assertSuccess, build, storeJson } from '../../helpers/app.js';
import { assertAnswer, assertRefused, door, login } from '../../helpers/door.js';

const BRUNO = 'bruno.keller@keller-maschinenbau.de';

type Row = Record<string, unknown>;
const choice = (value: string, title: string, price: string, setup: string, formatted: string) => ({
  value,
  title,
  price,
  setup,
  formatted,
});
const prices = (m: string, q: string, a: string) => ({ m, q, a });

t.test("a visitor reads a product's order form: cycle choices, configurable options, addons, no sub-products", async (t) => {
  const app = await build(t);
  const body = assertAnswer(t, await door(app, 'GET', '/order/8'), 'getOrderProductId');
  const product = body.product as Row & { config: Row };
  const { addons, ...config } = product.config;
  t.strictSame(
    { ...product, config },
    {
      id: '8',
      category_id: '2',
      category_name: 'VPS Hosting',
      name: 'VPS 1GB',
      description: '1 vCPU\r\n1 GB RAM\r\n25 GB NVMe\r\n1 TB traffic',
      paytype: 'Regular',
      tax: '1',
      currency: 'USD',
      config: {
        product: [
          {
            title: 'Billing cycle',
            name: 'cycle',
            type: 'select',
            items: [
              choice('m', 'Monthly', '12.00', '10.00', '$12.00 USD Monthly + $10.00 USD setup fee'),
              choice('q', 'Quarterly', '34.20', '10.00', '$34.20 USD Quarterly + $10.00 USD setup fee'),
              choice('a', 'Annually', '129.60', '0.00', '$129.60 USD Annually'),
            ],
          },
        ],
        forms: [
          {
            id: '1',
            title: 'Storage',
            name: 'custom[1]',
            type: 'select',
            variable: 'disk',
            description: 'SSD storage of the VPS',
            required: '1',
            config: { defaultvalue: '' },
            items: [
              { id: '1', title: '25 GB SSD', value: '25', prices: prices('0.00', '0.00', '0.00') },
              { id: '2', title: '50 GB SSD', value: '50', prices: prices('4.00', '11.40', '43.20') },
              { id: '3', title: '100 GB SSD', value: '100', prices: prices('10.00', '28.50', '108.00') },
            ],
          },
          {
            id: '2',
            title: 'Extra IPs',
            name: 'custom[2]',
            type: 'qty',
            variable: 'ips',
            description: 'Additional IPv4 addresses',
            required: '0',
            config: { minvalue: '0', maxvalue: '8' },
            items: [{ id: '4', title: 'IPv4 address', value: 'ip', prices: prices('2.00', '5.70', '21.60') }],
          },
        ],
        subproducts: [],
      },
    },
  );
  // The visible addons getProductApplicableAddons says go with product 8.
  t.strictSame(
    (addons as Row[]).map((a) => a.id),
    ['1', '2', '3', '4', '5', '6'],
  );
  t.strictSame((addons as Row[])[3], {
    id: '4',
    name: 'DDoS Protection',
    description: 'Always-on network filtering up to 500 Gbps.',
    paytype: 'Regular',
    unique: '1',
    items: [
      choice('m', 'Monthly', '10.00', '25.00', '$10.00 USD Monthly + $25.00 USD setup fee'),
      choice('q', 'Quarterly', '28.50', '25.00', '$28.50 USD Quarterly + $25.00 USD setup fee'),
      choice('s', 'Semi-Annually', '54.00', '25.00', '$54.00 USD Semi-Annually + $25.00 USD setup fee'),
      choice('a', 'Annually', '102.00', '25.00', '$102.00 USD Annually + $25.00 USD setup fee'),
    ],
  });

  // The same records getProductDetails shows: prices, setup fees and options.
  const admin = assertSuccess(t, await api(app, 'getProductDetails', { id: '8' }), 'getProductDetails').product as Record<string, unknown>;
  for (const item of (product.config.product as Array<{ items: Row[] }>)[0].items) {
    t.equal(item.price, admin[item.value as string], `cycle ${item.value} price`);
    t.equal(item.setup, admin[`${item.value}_setup`], `cycle ${item.value} setup fee`);
  }
  t.strictSame(Object.keys(admin.options as object), ['1', '2']);
  const applicable = assertSuccess(t, await api(app, 'getProductApplicableAddons', { id: '8' }), 'getProductApplicableAddons');
  const goesWith = ((applicable.addons as { addons: Row[] }).addons as Array<{ id: string; products: string }>)
    .filter((a) => a.products === '' || a.products.split(',').includes('8'))
    .map((a) => a.id);
  t.strictSame(goesWith, ['1', '2', '3', '4', '5', '6'], 'the Admin API lists the same addons for product 8');
});

t.test("a client sees its currency's prices in its number format; a one-time product offers one choice", async (t) => {
  const app = await build(t);
  const body = assertAnswer(t, await door(app, 'GET', '/order/16', {}, { token: await login(app, BRUNO) }), 'getOrderProductId');
  t.match(body.product, {
    id: '16',
    paytype: 'Once',
    currency: 'EUR',
    config: { product: [{ items: [choice('Once', 'One Time', '45.15', '0.00', '€45,15 EUR One Time')] }], forms: [], subproducts: [] },
  });
  t.equal((body.product as Row & { config: { product: Array<{ items: unknown[] }> } }).config.product[0].items.length, 1);
  const free = assertAnswer(t, await door(app, 'GET', '/order/13'), 'getOrderProductId');
  t.match(free.product, { config: { product: [{ items: [choice('Free', 'Free', '0.00', '0.00', '$0.00 USD Free')] }] } });
});

t.test(
  'products that are not there, not listed or in a hidden page answer 404; a TLD says where to order it; nothing changes',
  async (t) => {
    const app = await build(t);
    const before = storeJson(app);
    assertRefused(t, await door(app, 'GET', '/order/999'), 404, ['Product 999 not found']);
    assertRefused(t, await door(app, 'GET', '/order/19'), 404, ['Product 19 not found']);
    assertRefused(t, await door(app, 'GET', '/order/20'), 404, [
      'Product 20 is the domain TLD .com: order a domain with POST /api/domain/order, not as a product',
    ]);
    const bad = await door(app, 'GET', '/order/0');
    t.equal(bad.status, 200);
    t.match((bad.body.error as string[])[0], /product_id/);
    t.equal(storeJson(app), before);

    // Product 19 made visible stays out of reach: its page, Legacy Plans, is hidden.
    assertSuccess(t, await api(app, 'editProduct', { id: '19', visible: '1' }), 'editProduct');
    assertRefused(t, await door(app, 'GET', '/order/19'), 404, ['Product 19 not found']);
    // Hidden from unregistered visitors: a logged-in client reads it.
    assertSuccess(t, await api(app, 'editProduct', { id: '9', visible: '-3' }), 'editProduct');
    assertRefused(t, await door(app, 'GET', '/order/9'), 404, ['Product 9 not found']);
    assertAnswer(t, await door(app, 'GET', '/order/9', {}, { token: await login(app, BRUNO) }), 'getOrderProductId');
  },
);

t.test('a hidden addon is not offered with the products it goes with', async (t) => {
  const app = await build(t);
  const body = assertAnswer(t, await door(app, 'GET', '/order/1'), 'getOrderProductId');
  const ids = ((body.product as { config: { addons: Row[] } }).config.addons as Row[]).map((a) => a.id);
  t.strictSame(ids, ['1', '2', '5', '6'], 'Website Builder Pro (addon 7, visible 0) goes with product 1 but is hidden');
});

t.test("a cycle choice's price and setup fee are what addOrder charges the client, in its currency", async (t) => {
  const app = await build(t);
  const body = assertAnswer(t, await door(app, 'GET', '/order/8', {}, { token: await login(app, BRUNO) }), 'getOrderProductId');
  const monthly = (body.product as { config: { product: Array<{ items: Row[] }> } }).config.product[0].items[0];
  t.match(monthly, { value: 'm', price: '11.06', setup: '9.22', formatted: '€11,06 EUR Monthly + €9,22 EUR setup fee' });
  const order = assertSuccess(
    t,
    await api(app, 'addOrder', { client_id: '2', product: '8', cycle: 'm', invoice_generate: '1' }),
    'addOrder',
  );
  const placed = assertSuccess(t, await api(app, 'getOrderDetails', { id: order.order_id as string }), 'getOrderDetails').details as Row;
  const invoice = assertSuccess(t, await api(app, 'getInvoiceDetails', { id: placed.invoice_id as string }), 'getInvoiceDetails')
    .invoice as { items: Row[] };
  t.strictSame(
    invoice.items.map((item) => [item.type, item.amount]),
    [
      ['Hosting', monthly.price],
      ['Setup', monthly.setup],
    ],
  );
});
