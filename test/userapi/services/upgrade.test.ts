import t from 'tap';
import type { Test } from 'tap';
import { build, storeJson } from '../../helpers/app.js';
import { accountDetails, invoiceDetails, read } from '../../helpers/reads.js';
import { ALICE, assertAnswer, assertRefused, door, login, TOM } from '../../helpers/door.js';
import { grant } from '../../helpers/services.js';

const order = async (t: Test, app: Parameters<typeof read>[1], id: unknown) =>
  (await read(t, app, 'getOrderDetails', { id: id as string })).details as Record<string, unknown>;

t.test("the packages are the product's upgrade list priced on the service's cycle; the resources its options", async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const body = assertAnswer(t, await door(app, 'GET', '/service/2/upgrade', {}, { token }), 'getServiceIdUpgrade');
  t.strictSame(body, {
    package: '8',
    cycle: 'a',
    packages: [
      {
        id: '9',
        name: 'VPS 2GB',
        category: 'VPS Hosting',
        category_id: '2',
        price: '216.00',
        cycles: [
          { id: 'm', name: 'Monthly', price: '20.00' },
          { id: 'q', name: 'Quarterly', price: '57.00' },
          { id: 'a', name: 'Annually', price: '216.00' },
        ],
      },
      {
        id: '10',
        name: 'VPS 4GB Amsterdam',
        category: 'Amsterdam',
        category_id: '9',
        price: '388.80',
        cycles: [
          { id: 'm', name: 'Monthly', price: '36.00' },
          { id: 'a', name: 'Annually', price: '388.80' },
        ],
      },
      {
        id: '11',
        name: 'VPS 4GB New York',
        category: 'New York',
        category_id: '10',
        price: '388.80',
        cycles: [
          { id: 'm', name: 'Monthly', price: '36.00' },
          { id: 'a', name: 'Annually', price: '388.80' },
        ],
      },
    ],
    resources: [
      {
        id: '1',
        name: 'Storage',
        type: 'select',
        variable: 'disk',
        min: '',
        max: '',
        item_id: '1',
        qty: '1',
        items: [
          { id: '1', name: '25 GB SSD', price: '0.00' },
          { id: '2', name: '50 GB SSD', price: '43.20' },
          { id: '3', name: '100 GB SSD', price: '108.00' },
        ],
      },
      {
        id: '2',
        name: 'Extra IPs',
        type: 'qty',
        variable: 'ips',
        min: '0',
        max: '8',
        item_id: '4',
        qty: '0',
        items: [{ id: '4', name: 'IPv4 address', price: '21.60' }],
      },
    ],
  });
  // The same list the Admin API's getProductUpgrades gives for the service's product.
  const admin = (await read(t, app, 'getProductUpgrades', { id: '8' })).upgrades as { id: string }[];
  t.strictSame(
    (body.packages as { id: string }[]).map((p) => p.id),
    admin.map((p) => p.id),
  );
});

t.test('a package change is the upgrade order and invoice the Admin API shows', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const body = assertAnswer(
    t,
    await door(app, 'POST', '/service/2/upgrade', { package: '9', send: true }, { token }),
    'postServiceIdUpgrade',
  );
  t.strictSame(body, { order_id: body.order_id, order_num: body.order_num, invoice_id: body.invoice_id, info: ['upgrade_order_success'] });
  t.not(body.invoice_id, '0');
  const placed = await order(t, app, body.order_id);
  t.equal(placed.number, body.order_num);
  t.equal(placed.invoice_id, body.invoice_id);
  t.match(placed.upgrades, [
    { account_id: '2', old_product_id: '8', new_product_id: '9', old_cycle: 'Annually', new_cycle: 'Annually', status: 'Pending' },
  ]);
  const invoice = await invoiceDetails<Record<string, unknown>>(t, app, body.invoice_id as string);
  t.match(invoice, { status: 'Unpaid', client_id: '1', items: [{ type: 'Upgrade', item_id: '2' }] });
  t.equal((invoice.items as { amount: unknown }[]).length, 1);
  // The service moves when the order is paid, not before.
  t.match(await accountDetails(t, app, '2'), { product_id: '8', billingcycle: 'Annually' });
  // A second change waits for the first.
  const again = await door(app, 'POST', '/service/2/upgrade', { package: '10' }, { token });
  t.strictSame(again.body, {
    error: [`Account 2 already has a pending upgrade in order ${body.order_id}: activate or cancel that order first`],
  });
});

t.test('a resource change is the configurable-option upgrade the Admin API shows', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const body = assertAnswer(
    t,
    await door(app, 'POST', '/service/2/upgrade', { resources: { 1: '2', 2: '1' } }, { token, via: 'form' }),
    'postServiceIdUpgrade',
  );
  const placed = await order(t, app, body.order_id);
  t.match(placed.fieldupgrades, [
    { account_id: '2', form_id: '1', old_item_id: '1', new_item_id: '2', status: 'Pending' },
    { account_id: '2', form_id: '2', old_qty: '0', new_qty: '1', status: 'Pending' },
  ]);
  const invoice = await invoiceDetails<Record<string, unknown>>(t, app, body.invoice_id as string);
  t.match(invoice, { status: 'Unpaid', items: [{ type: 'Upgrade', item_id: '2' }] });
  // Paying the invoice carries the change out: the service's options follow.
  const payment = { id: body.invoice_id as string, amount: invoice.total as string, paymentmodule: '2', fee: '0', date: '2026-11-29' };
  await read(t, app, 'addInvoicePayment', payment);
  const after = await accountDetails<Record<string, unknown>>(t, app, '2');
  t.match(after.options, { 1: { item_id: '2' }, 2: { qty: '1' } });
});

t.test('a contact needs billing.orders to order, none to read', async (t) => {
  const app = await build(t);
  const token = await login(app, TOM);
  assertAnswer(t, await door(app, 'GET', '/service/2/upgrade', {}, { token }), 'getServiceIdUpgrade');
  const before = await storeJson(app);
  assertRefused(t, await door(app, 'POST', '/service/2/upgrade', { package: '9' }, { token }), 403, [
    'Contact 10 may not do this: it needs the privilege billing.orders (the client grants it with PUT /api/contact/10 or editContactPermissions)',
  ]);
  t.equal(await storeJson(app), before);
  await grant(t, app, '10', ['billing.orders']);
  assertAnswer(t, await door(app, 'POST', '/service/2/upgrade', { package: '9' }, { token }), 'postServiceIdUpgrade');
});

t.test("another client's service and bad input are refused with every problem at once, changing nothing", async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const before = await storeJson(app);
  assertRefused(t, await door(app, 'GET', '/service/3/upgrade', {}, { token }), 404, ['Service 3 not found']);
  assertRefused(t, await door(app, 'POST', '/service/3/upgrade', { package: '5' }, { token }), 404, ['Service 3 not found']);
  assertRefused(
    t,
    await door(app, 'POST', '/service/x/upgrade', { package: 'big', cycle: 'yearly', resources: { a: 'b' } }, { token }),
    200,
    [
      'Parameter id must be a positive whole number id, such as 1',
      'Parameter package must be a positive whole number id, such as 1',
      'Parameter cycle must be one of: h, d, w, m, q, s, a, b, t, p4, p5',
      'Parameter resources must be valid (must match pattern "^[0-9]+$")',
    ],
  );
  // A package not in the upgrade list and a cycle it is not sold on.
  assertRefused(t, await door(app, 'POST', '/service/2/upgrade', { package: '3', cycle: 'q' }, { token }), 200, [
    'Product 8 cannot be upgraded to product 3; its upgrades are: 9, 10, 11',
    'Product 3 is not priced on cycle q; it offers: m, a, b',
  ]);
  assertRefused(t, await door(app, 'POST', '/service/2/upgrade', { package: '99' }, { token }), 200, ['Product 99 not found']);
  assertRefused(t, await door(app, 'POST', '/service/2/upgrade', { cycle: 'a' }, { token }), 200, [
    'Nothing to upgrade: account 2 is already on product 8, billed Annually: give another product as package or another cycle as cycle',
  ]);
  assertRefused(t, await door(app, 'POST', '/service/2/upgrade', { resources: { 1: '9', 2: '20', 7: '1' } }, { token }), 200, [
    'Parameter resources[1]: Storage has no item 9; its items are: 1, 2, 3',
    'Parameter resources[2]: Extra IPs takes a quantity from 0 to 8, not 20',
    'Parameter resources[7]: product 8 has no configurable option category 7; its categories are: 1, 2',
  ]);
  assertRefused(t, await door(app, 'POST', '/service/2/upgrade', { package: '9', resources: { 1: '2' }, send: false }, { token }), 200, [
    'Parameter send=false asks for a price without an order, which billsim does not simulate: send send=true (or leave it out) to place the order',
    'Parameters package and cycle exclude resources: send a package or cycle change and a resource change as separate requests',
  ]);
  assertRefused(t, await door(app, 'POST', '/service/2/upgrade', {}, { token }), 200, [
    'Nothing to upgrade: send package (a product id), cycle (a cycle code) or resources (form id => item id or quantity)',
  ]);
  t.equal(await storeJson(app), before);
});
