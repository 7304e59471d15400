import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, assertSuccess, build, SERVER_TIME, type WireParams } from '../../helpers/app.js';
import { refusedAtOnce, refusals } from '../../helpers/refusals.js';
import { productDetails, read } from '../../helpers/reads.js';
import { sameEverywhereMutating } from '../../helpers/sessions.js';

const CALL = 'addProduct';
const NEW = '25';
type Fields = Record<string, unknown>;
const details = productDetails<Fields>;

// The published sample (api2 services/addProduct.html): product_id a NUMBER.
const PUBLISHED = { success: true, product_id: 248, call: 'addProduct', server_time: 1721114816, info: ['Product added'] };

const CYCLES = ['m', 'q', 's', 'a', 'b', 't', 'p4', 'p5', 'd', 'w', 'h'];
const zeroPrices = () =>
  Object.fromEntries(
    CYCLES.flatMap((c) => [
      [`${c}_setup`, '0.00'],
      [c, '0.00'],
    ]),
  );

async function pageProducts(t: Test, app: FastifyInstance, pageId: string): Promise<Record<string, Fields>> {
  return (await read(t, app, 'getProducts', { id: pageId })).products as Record<string, Fields>;
}

t.test('addProduct answers the published shape: product_id a number after success', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, { category_id: '1', type: '1', name: 'Starter Plus' });
  assertSuccess(t, body, CALL);
  t.strictSame(body, { ...PUBLISHED, product_id: Number(NEW), server_time: SERVER_TIME });
  t.strictSame(Object.keys(body), Object.keys(PUBLISHED), 'keys in the published order');
  t.type(body.product_id, 'number');
});

t.test('a product made of the documented parameters alone starts unpriced, visible and last on its page', async (t) => {
  const app = await build(t);
  assertSuccess(
    t,
    await api(app, CALL, { category_id: '7', type: '1', name: '  EU Basic  ', description: 'One site', visible: '0' }),
    CALL,
  );
  t.strictSame(await details(t, app, NEW), {
    id: NEW,
    category_id: '7',
    type: '1',
    name: 'EU Basic',
    description: 'One site',
    visible: '0',
    domain_options: '0',
    stock: '0',
    qty: '0',
    autosetup: '0',
    subdomain: '',
    owndomain: '0',
    tax: '0',
    upgrades: '',
    sort_order: '3',
    rel: 'Product',
    welcome_email_id: '0',
    suspend_email_id: '0',
    unsuspend_email_id: '0',
    terminate_email_id: '0',
    paytype: 'Regular',
    ...Object.fromEntries(CYCLES.map((c) => [`${c}_setup`, '0.00'])),
    ...Object.fromEntries(CYCLES.map((c) => [c, '0.00'])),
    ptype: 'shared',
    options: [],
    module: '0',
    server: [],
    tlds: null,
    periods: null,
    free_domain: '0',
    hostname: false,
    ospick: false,
  });
  t.strictSame(Object.keys(await pageProducts(t, app, '7')), ['4', '5', NEW], 'listed on its order page');
  const hidden = await read(t, app, 'getProducts', { id: '7', visible: '0' });
  t.strictSame(Object.keys(hidden.products as object), [NEW], 'hidden, as sent');
  const unpriced = await api(app, 'addOrder', { client_id: '1', product: NEW, cycle: 'm' });
  t.strictSame(unpriced.error, [`Product ${NEW} is not priced on cycle m; it offers: no cycle`], 'ordered once a price is set');
});

t.test("the clone caller's extra parameters are taken where they name a product field, the rest ignored", async (t) => {
  const app = await build(t);
  const cloned: WireParams = {
    category_id: '2',
    type: '4',
    name: 'VPS 8GB',
    visible: '1',
    description: '8 GB RAM',
    module: '5',
    code: 'VPS8',
    ...Object.fromEntries(['m', 'q', 's', 'a', 'b', 't'].map((c) => [`${c}_setup`, '0'])),
    m: '40',
    q: '0',
    s: '0',
    a: '400.5',
    b: '0',
    t: '0',
    m_setup: '10',
    stock: '1',
    qty: '7',
    weight: '3',
    tax: '1',
    tax_group_id: '1',
    autosetup: '2',
    paytype: 'Regular',
    domain_options: '1',
    subdomain: '.example.net',
    owndomain: '1',
    owndomainwithus: '1',
    'config[NotifyLowStock]': '2',
  };
  const body = await api(app, CALL, cloned);
  t.equal(assertSuccess(t, body, CALL).product_id, 25);
  const product = await details(t, app, NEW);
  t.match(product, {
    category_id: '2',
    type: '4',
    ptype: 'server',
    name: 'VPS 8GB',
    description: '8 GB RAM',
    module: '5',
    server: [],
    stock: '1',
    qty: '7',
    tax: '1',
    autosetup: '2',
    paytype: 'Regular',
    domain_options: '1',
    subdomain: '.example.net',
    owndomain: '1',
    ...zeroPrices(),
    m: '40.00',
    m_setup: '10.00',
    a: '400.50',
  });
  t.equal(product.hostname, true, 'a Server product asks for a hostname, as the VPS ones do');
  t.notOk('code' in product || 'weight' in product || 'tax_group_id' in product, 'code, weight and tax group are kept nowhere');
  const listed = (await pageProducts(t, app, '2'))[NEW];
  t.match(listed, { id: NEW, type: '4', name: 'VPS 8GB', stock: '1', qty: '7', m: '40.00', a: '400.50', ptype: 'server', accounts: '0' });
});

t.test('the new product is ordered at its own prices', async (t) => {
  const app = await build(t);
  const made = await api(app, CALL, { category_id: '6', type: '5', name: 'Site Audit', m: '12.5', m_setup: '5', q: '30' });
  assertSuccess(t, made, CALL);
  const placed = await api(app, 'addOrder', { client_id: '1', product: NEW, cycle: 'm', invoice_generate: '1' });
  assertSuccess(t, placed, 'addOrder');
  const order = (await read(t, app, 'getOrderDetails', { id: placed.order_id as string })).details as Fields;
  const invoice = (await read(t, app, 'getInvoiceDetails', { id: order.invoice_id as string })).invoice as {
    items: Fields[];
    subtotal: string;
  };
  t.strictSame(
    invoice.items.map((item) => [item.type, item.amount]),
    [
      ['Hosting', '12.50'],
      ['Setup', '5.00'],
    ],
  );
  t.equal(invoice.subtotal, '17.50');
  const refused = await api(app, 'addOrder', { client_id: '1', product: NEW, cycle: 'a' });
  t.strictSame(refused.error, [`Product ${NEW} is not priced on cycle a; it offers: m, q`], 'only the priced cycles are offered');
});

t.test('a Once product takes its price as m1 and m_setup1', async (t) => {
  const app = await build(t);
  assertSuccess(
    t,
    await api(app, CALL, { category_id: '6', type: '5', name: 'Setup Help', paytype: 'Once', m1: '99', m_setup1: '1.5' }),
    CALL,
  );
  t.match(await details(t, app, NEW), { paytype: 'Once', m: '99.00', m_setup: '1.50' });
  assertSuccess(t, await api(app, 'addOrder', { client_id: '1', product: NEW, cycle: 'Once' }), 'addOrder');
});

t.test('addProduct answers and stores the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  const body = await sameEverywhereMutating(t, app, CALL, {
    category_id: '5',
    type: '11',
    name: 'SSL EV',
    a: '199',
    'upgrades[]': ['14', '15'],
  });
  t.equal(body.product_id, 25);
});

refusals('each missing or malformed parameter is refused and nothing is created', CALL, [
  [{ type: '1', name: 'X' }, 'Parameter category_id is required'],
  [{ category_id: '1', name: 'X' }, 'Parameter type is required'],
  [{ category_id: '1', type: '1' }, 'Parameter name is required'],
  [{ category_id: '1', type: '1', name: '   ' }, 'Parameter name must be a product name that is not blank, at most 200 characters'],
  [{ category_id: 'x', type: '1', name: 'X' }, 'Parameter category_id must be a positive whole number id, such as 1'],
  [{ category_id: '99', type: '1', name: 'X' }, 'Order page 99 not found'],
  [
    { category_id: '1', type: '1', name: 'X', m: '-1' },
    'Parameter m must be a non-negative amount with at most two decimals, up to 999999999999.99, such as 12.30',
  ],
  [{ category_id: '1', type: '1', name: 'X', visible: '2' }, 'Parameter visible must be one of: 1, 0, -1, -2, -3, -4'],
]);

const TYPES =
  '1 (Shared), 2 (Reseller), 3 (Dedicated), 4 (Server), 5 (Other), 6 (Colocation), 7 (Marketing), 9 (DomainsType), 10 (bundles), 11 (ssltype), 12 (InternetServices), 13 (dnsservice), 14 (onappcloud)';

refusals('a type that getProductTypes does not list is refused with the ids to choose from', CALL, [
  [
    { category_id: '1', type: 'hosting', name: 'X' },
    `Parameter type must be a product type id listed by getProductTypes, one of: ${TYPES}; got "hosting"`,
  ],
  [
    { category_id: '1', type: '8', name: 'X' },
    `Parameter type must be a product type id listed by getProductTypes, one of: ${TYPES}; got "8"`,
  ],
]);

t.test('every problem is named at once, and nothing is created', async (t) => {
  const app = await build(t);
  await refusedAtOnce(t, app, CALL, { category_id: '99', type: 'hosting', name: 'X', module: '4', 'upgrades[]': ['20', '98'] }, [
    'Order page 99 not found',
    `Parameter type must be a product type id listed by getProductTypes, one of: ${TYPES}; got "hosting"`,
    'Parameter module must be 0 (no module) or a module an app group runs (getAppGroups): 3, 5, 7, 9; got 4',
    'Parameter upgrades: product 20 (.com) is a domain TLD, which no service can be upgraded to',
    'Product 98 not found',
  ]);
  const missing = await api(app, 'getProductDetails', { id: NEW });
  t.strictSame(missing.error, [`Product ${NEW} not found`], 'no product was made');
});
