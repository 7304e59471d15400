import t from 'tap';
import { api, assertSuccess, build, SERVER_TIME, storeJson } from '../../helpers/app.js';
import { refusedAtOnce, refusals } from '../../helpers/refusals.js';
import { productDetails, read } from '../../helpers/reads.js';
import { sameEverywhereMutating } from '../../helpers/sessions.js';
import { infoAnswer } from '../../helpers/shapes.js';

const CALL = 'editProduct';
type Fields = Record<string, unknown>;
const details = productDetails<Fields>;

t.test('editProduct answers as the cut sample begins (success, call, server_time), then "Product updated"', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, { id: '1', name: 'Starter' });
  assertSuccess(t, body, CALL);
  // The published copy reads `{"success": true, "call": "editProduct", "ser` before it is cut.
  t.strictSame(Object.keys(body).slice(0, 3), ['success', 'call', 'server_time'], 'the readable part of the sample');
  infoAnswer(t, body, { success: true, call: CALL, server_time: SERVER_TIME, info: ['Product updated'] });
});

t.test('only what is sent changes: name, description and the price and setup fee of every cycle', async (t) => {
  const app = await build(t);
  const before = await details(t, app, '1');
  const untouched = await details(t, app, '2');
  const body = await api(app, CALL, {
    id: '1',
    name: ' Starter 2027 ',
    description: 'Two websites',
    m: '5.5',
    m_setup: '1',
    w: '1.25',
    w_setup: '0.5',
    t: '120',
    t_setup: '3',
    p4: '150',
    p4_setup: '4',
    p5: '180',
    p5_setup: '5',
    d: '0.2',
    d_setup: '0',
    h: '0.01',
    h_setup: '0.02',
  });
  assertSuccess(t, body, CALL);
  t.strictSame(await details(t, app, '1'), {
    ...before,
    name: 'Starter 2027',
    description: 'Two websites',
    m: '5.50',
    m_setup: '1.00',
    w: '1.25',
    w_setup: '0.50',
    t: '120.00',
    t_setup: '3.00',
    p4: '150.00',
    p4_setup: '4.00',
    p5: '180.00',
    p5_setup: '5.00',
    d: '0.20',
    d_setup: '0.00',
    h: '0.01',
    h_setup: '0.02',
  });
  t.strictSame(await details(t, app, '2'), untouched, 'other products stay');
  const listed = ((await read(t, app, 'getProducts', { id: '1' })).products as Record<string, Fields>)['1'];
  t.match(listed, { name: 'Starter 2027', m: '5.50', t: '120.00', h: '0.01' }, 'getProducts shows the new prices');
  const order = await api(app, 'addOrder', { client_id: '1', product: '1', cycle: 't', invoice_generate: '1' });
  assertSuccess(t, order, 'addOrder');
  const placed = (await read(t, app, 'getOrderDetails', { id: order.order_id as string })).details as Fields;
  const invoice = (await read(t, app, 'getInvoiceDetails', { id: placed.invoice_id as string })).invoice as { items: Fields[] };
  t.strictSame(
    invoice.items.map((item) => [item.type, item.amount]),
    [
      ['Hosting', '120.00'],
      ['Setup', '3.00'],
    ],
    'an order on a newly priced cycle uses the new price and fee',
  );
});

t.test('the pricing caller sends cycles as strings and module options as top-level keys: prices change, the rest is ignored', async (t) => {
  const app = await build(t);
  const before = await details(t, app, '8');
  const body = await api(app, CALL, {
    id: '8',
    a: '99.90',
    a_setup: '0',
    b: '189',
    b_setup: '0',
    cpu: '2',
    'config[ReturnToStockOnTerminate]': '1',
  });
  assertSuccess(t, body, CALL);
  t.strictSame(await details(t, app, '8'), { ...before, a: '99.90', a_setup: '0.00', b: '189.00', b_setup: '0.00' });
});

t.test('visibility, stock, type, module, upgrades and the other settings', async (t) => {
  const app = await build(t);
  const vps = await details(t, app, '10');
  assertSuccess(t, await api(app, CALL, { id: '10', type: '4', visible: '-1', stock_usage: 'off', stock: '1', qty: '3' }), CALL);
  t.strictSame(
    await details(t, app, '10'),
    { ...vps, visible: '-1', stock: '0', qty: '3' },
    'its own type sent again keeps ptype vps; stock_usage wins',
  );
  for (const visible of ['1', '0']) {
    const listed = await read(t, app, 'getProducts', { id: '9', visible });
    t.strictSame(listed.products, [], `an archived product is not listed with visible=${visible}`);
  }
  t.match(((await read(t, app, 'getProducts', { id: '9' })).products as Record<string, Fields>)['10'], {
    visible: '-1',
    stock: '0',
    qty: '3',
  });

  const flex = await details(t, app, '12');
  const body = await api(app, CALL, {
    id: '12',
    type: '3',
    module: '5',
    tax: '0',
    autosetup: '3',
    domain_options: '1',
    subdomain: '.cloud.example',
    owndomain: '1',
    free_domain: '1',
    sort_order: '9',
    category_id: '2',
    'upgrades[]': ['13', '13', '8'],
    client_limit: '2',
    code: 'CF',
    tax_group_id: '1',
    hostname: '1',
    layout: 'right',
    contract_id: '0',
    autohostname: 'cloud{num}',
    username_generation: '{firstname}',
    m_enabled1: '1',
  });
  assertSuccess(t, body, CALL);
  t.strictSame(await details(t, app, '12'), {
    ...flex,
    category_id: '2',
    type: '3',
    ptype: 'dedicated',
    module: '5',
    server: [],
    tax: '0',
    autosetup: '3',
    domain_options: '1',
    subdomain: '.cloud.example',
    owndomain: '1',
    free_domain: '1',
    sort_order: '9',
    upgrades: '13,8',
  });
  assertSuccess(t, await api(app, CALL, { id: '12', 'upgrades[]': '0' }), CALL);
  t.equal((await details(t, app, '12')).upgrades, '', 'upgrades[]=0 clears them');
});

t.test('a Once product takes m1 and m_setup1 into its m columns; a Regular one ignores them', async (t) => {
  const app = await build(t);
  const migration = await details(t, app, '16');
  assertSuccess(t, await api(app, CALL, { id: '16', m1: '79', m_setup1: '10' }), CALL);
  t.strictSame(await details(t, app, '16'), { ...migration, m: '79.00', m_setup: '10.00' });
  const starter = await details(t, app, '1');
  assertSuccess(t, await api(app, CALL, { id: '1', m1: '79', m_setup1: '10' }), CALL);
  t.strictSame(await details(t, app, '1'), starter);
  assertSuccess(t, await api(app, CALL, { id: '1', paytype: 'Once', m1: '300' }), CALL);
  t.match(await details(t, app, '1'), { paytype: 'Once', m: '300.00', q: starter.q }, 'the paytype sent with them counts');
});

t.test('editProduct answers and stores the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  const body = await sameEverywhereMutating(t, app, CALL, { id: '3', name: 'Ultimate', q: '40', 'upgrades[]': ['1'] });
  t.strictSame(body.info, ['Product updated']);
});

refusals('each missing or malformed parameter is refused and nothing changes', CALL, [
  [{}, 'Parameter id is required'],
  [{ id: 'x' }, 'Parameter id must be a positive whole number id, such as 1'],
  [{ id: '99' }, 'Product 99 not found'],
  [{ id: '1', paytype: 'DomainRegular' }, 'Parameter paytype must be one of: Free, Once, Regular'],
  [{ id: '1', stock_usage: 'yes' }, 'Parameter stock_usage must be one of: on, off'],
  [{ id: '1', a: '1.234' }, 'Parameter a must be a non-negative amount with at most two decimals, up to 999999999999.99, such as 12.30'],
]);

t.test('every problem is named at once; the product re-reads unchanged', async (t) => {
  const app = await build(t);
  const before = await details(t, app, '1');
  await refusedAtOnce(
    t,
    app,
    CALL,
    { id: '1', name: 'Changed', category_id: '99', type: 'hosting', module: '2', 'upgrades[]': ['1', '24', '97'] },
    [
      'Order page 99 not found',
      'Parameter type must be a product type id listed by getProductTypes, one of: 1 (Shared), 2 (Reseller), 3 (Dedicated), 4 (Server), 5 (Other), 6 (Colocation), 7 (Marketing), 9 (DomainsType), 10 (bundles), 11 (ssltype), 12 (InternetServices), 13 (dnsservice), 14 (onappcloud); got "hosting"',
      'Parameter module must be 0 (no module) or a module an app group runs (getAppGroups): 3, 5, 7, 9; got 2',
      'Parameter upgrades must not name product 1 itself',
      'Parameter upgrades: product 24 (.eu) is a domain TLD, which no service can be upgraded to',
      'Product 97 not found',
    ],
  );
  t.strictSame(await details(t, app, '1'), before);
  await refusedAtOnce(t, app, CALL, { id: '98', category_id: '97', name: 'X' }, ['Product 98 not found', 'Order page 97 not found']);
});

t.test('a TLD keeps its type, paytype and cycle prices: they are refused for it, its name and visibility change', async (t) => {
  const app = await build(t);
  const com = await details(t, app, '20');
  const state = storeJson(app);
  await refusedAtOnce(t, app, CALL, { id: '20', name: '.com2', type: '1', paytype: 'Regular', m1: '1', a: '9' }, [
    'Parameter type does not apply to product 20 (.com), a domain TLD: its prices are per registration period (bulkSetPrices)',
    'Parameter paytype does not apply to product 20 (.com), a domain TLD: its prices are per registration period (bulkSetPrices)',
    'Parameter m1 does not apply to product 20 (.com), a domain TLD: its prices are per registration period (bulkSetPrices)',
    'Parameter a does not apply to product 20 (.com), a domain TLD: its prices are per registration period (bulkSetPrices)',
  ]);
  t.equal(storeJson(app), state);
  t.strictSame(await details(t, app, '20'), com);
  assertSuccess(t, await api(app, CALL, { id: '20', description: 'The classic', visible: '0' }), CALL);
  t.strictSame(await details(t, app, '20'), { ...com, description: 'The classic', visible: '0' });
});

t.test('getAPIMethods lists the product calls', async (t) => {
  const app = await build(t);
  const { methods } = (await read(t, app, 'getAPIMethods')) as { methods: string[] };
  for (const call of ['addProduct', 'editProduct', 'getProductTypes']) t.ok(methods.includes(call), call);
});
