import t from 'tap';
import { build, storeJson } from '../../helpers/app.js';
import { accountDetails, affiliatesById, domainDetails, emails, invoiceDetails, read } from '../../helpers/reads.js';
import { ALICE, assertAnswer, assertRefused, door, login, TOM } from '../../helpers/door.js';
import { grant, withoutPrivileges } from '../../helpers/services.js';
import { BRUNO } from '../../helpers/userBilling.js';

type Fields = Record<string, unknown>;

// The bundled world's next ids: what a first order makes.
const NEXT = { order: '1022', number: '156987283', service: '19', domain: '11', invoice: '13' };

t.test('POST /order/{product_id} places the order addOrder places: order, Pending service, Unpaid invoice, e-mails', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const input = { cycle: 'q', domain: 'shop.morgan-design.com', pay_method: '2' };
  const body = assertAnswer(t, await door(app, 'POST', '/order/2', input, { token, via: 'form' }), 'postOrderProductId');
  t.strictSame(body, {
    order_num: NEXT.number,
    order_id: NEXT.order,
    invoice_id: NEXT.invoice,
    total: '28.09',
    items: [{ id: NEXT.service, type: 'product', product_id: '2', name: 'Business Hosting' }],
    info: [`Order #${NEXT.number} placed with invoice #${NEXT.invoice}`],
  });
  const order = (await read(t, app, 'getOrderDetails', { id: NEXT.order })).details as Fields;
  t.match(order, { id: NEXT.order, number: NEXT.number, client_id: '1', status: 'Pending', total: '28.09', invoice_id: NEXT.invoice });
  t.match(await accountDetails(t, app, NEXT.service), {
    client_id: '1',
    order_id: NEXT.order,
    product_id: '2',
    domain: 'shop.morgan-design.com',
    billingcycle: 'Quarterly',
    status: 'Pending',
    payment_module: '2',
  });
  t.match(await invoiceDetails(t, app, NEXT.invoice), {
    client_id: '1',
    status: 'Unpaid',
    taxrate: '8.25',
    total: '28.09',
    payment_module: '2',
  });
  t.strictSame(
    (await emails(app)).map((e) => (e as { subject: string }).subject),
    [`Customer Invoice #${NEXT.invoice}`, `Order Confirmation #${NEXT.number}`],
  );
  const at = assertAnswer(t, await door(app, 'GET', `/service/order/${NEXT.number}`, {}, { token }), 'getServiceOrderOrderNum');
  t.strictSame(at, { account_id: NEXT.service }, 'the follow-up consumers make finds the service');
});

t.test('POST /order places products and domains in one order; aff_id refers it as setOrderReferrer does', async (t) => {
  const app = await build(t);
  const token = await login(app, BRUNO);
  const pending = (await affiliatesById(t, app))['1'].signups_pending;
  const items = [
    { type: 'domain', name: 'keller-shop.de', years: '1' },
    { type: 'domain', name: 'Keller-Shop.COM', years: '2', nameservers: ['ns1.keller.de', 'ns2.keller.de'] },
    { type: 'product', product_id: '5', cycle: 'a', domain: 'keller-shop.com' },
  ];
  const body = await door(app, 'POST', '/order', { items, aff_id: '1' }, { token });
  assertRefused(t, body, 200, [
    'items[0]: Domain keller-shop.de is under .de, a TLD not sold here: check a name under .com, .net, .org, .io, .eu',
  ]);
  const placed = assertAnswer(t, await door(app, 'POST', '/order', { items: items.slice(1), aff_id: '1' }, { token }), 'postOrder');
  t.match(placed, {
    order_id: NEXT.order,
    items: [
      { id: NEXT.domain, type: 'domain', product_id: '20', name: 'keller-shop.com' },
      { id: NEXT.service, type: 'product', product_id: '5', name: 'EU Pro' },
    ],
    info: [/^Order #\d+ placed with invoice #13$/, 'The order is referred by affiliate 1'],
  });
  t.match(await domainDetails(t, app, NEXT.domain), {
    name: 'keller-shop.com',
    status: 'Pending Registration',
    period: '2',
    client_id: '2',
  });
  t.match(await accountDetails(t, app, NEXT.service), { product_id: '5', billingcycle: 'Annually', client_id: '2' });
  const invoice = await invoiceDetails(t, app, NEXT.invoice);
  t.match(invoice, { currency_id: '1', taxrate: '0.00', total: placed.total }, "Bruno's euros; he is tax-exempt");
  t.equal((await affiliatesById(t, app))['1'].signups_pending, String(Number(pending) + 1), 'the affiliate has one more pending signup');
  const taken = await door(app, 'POST', '/order', { items: [{ type: 'domain', name: 'keller-shop.com' }] }, { token });
  assertRefused(t, taken, 200, [`items[0]: Domain keller-shop.com is already held here (domain ${NEXT.domain}, Pending Registration)`]);
});

t.test('ignore_errors orders what it can and names what it left out', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const items = [{ type: 'product', product_id: '19', cycle: 'w' }, { type: 'product', product_id: '13' }, { type: 'product' }];
  const body = assertAnswer(t, await door(app, 'POST', '/order', { items, ignore_errors: 'true' }, { token }), 'postOrder');
  t.strictSame(body, {
    order_num: NEXT.number,
    order_id: NEXT.order,
    invoice_id: '0',
    total: '0.00',
    items: [{ id: NEXT.service, type: 'product', product_id: '13', name: 'Cloud Trial' }],
    info: [
      `Order #${NEXT.number} placed; it costs nothing, so no invoice was made`,
      'items[0] was left out: Product 19 is not priced on cycle w; it offers: m, a',
      'items[2] was left out: Parameter items[2][product_id] is required',
    ],
  });
  t.match((await read(t, app, 'getOrderDetails', { id: NEXT.order })).details, { total: '0.00', invoice_id: '0' });
});

t.test('bad input is refused with every problem at once and changes nothing', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const before = await storeJson(app);
  const refused = async (path: string, input: Fields, messages: string[]) => {
    assertRefused(t, await door(app, 'POST', path, input, { token }), 200, messages);
  };
  await refused('/order/20', { cycle: 'm', pay_method: '9', aff_id: '3', promocode: 'SPRING' }, [
    'Promotion code "SPRING" is not known: billsim keeps no promotions, so send no promocode',
    'Affiliate 3 is Inactive: only an Active affiliate can refer orders',
    'Gateway 9 not found',
    'Product 20 is the domain TLD .com, not a product a service can order',
  ]);
  await refused('/order/999', { aff_id: '1' }, [
    // The refused order never gets an id, so the refusal names none.
    "Parameter aff_id: affiliate 1 is client 1's own account, and an affiliate cannot refer its own orders",
    'Product 999 not found',
  ]);
  const items = [{ type: 'product', product_id: '999' }, { type: 'domain' }, { type: 'certificate' }];
  await refused('/order', { items, ignore_errors: '1', aff_id: '99' }, ['Parameter items[2][type] must be one of: product, domain']);
  await refused('/order', { items: items.slice(0, 2), ignore_errors: '1' }, [
    'items[0]: Product 999 not found',
    'items[1]: Parameter items[1][name] is required',
  ]);
  const twice = [
    { type: 'domain', name: 'new-name.com', epp: 'abc' },
    { type: 'domain', name: 'new-name.com' },
    { type: 'domain', name: 'NEW-name.com' },
  ];
  await refused('/order', { items: twice }, [
    'items[0]: Parameter items[0][epp] applies to a Transfer only: give items[0][action]=Transfer or leave items[0][epp] out',
    'items[2]: Domain new-name.com appears twice in the order',
  ]);
  await refused('/order/x', { cycle: 'monthly' }, [
    'Parameter product_id must be a positive whole number id, such as 1',
    'Parameter cycle must be one of: h, d, w, m, q, s, a, b, t, p4, p5, Once, Free',
  ]);
  t.equal(await storeJson(app), before);
});

t.test('a contact orders for its client only with billing.orders', async (t) => {
  const app = await build(t);
  const token = await login(app, TOM);
  await withoutPrivileges(t, app, '10');
  const before = await storeJson(app);
  assertRefused(t, await door(app, 'POST', '/order/1', {}, { token }), 403, [
    'Contact 10 may not do this: it needs the privilege billing.orders (the client grants it with PUT /api/contact/10 or editContactPermissions)',
  ]);
  assertRefused(t, await door(app, 'POST', '/order', { items: [{ type: 'product', product_id: '1' }] }, { token }), 403, [
    'Contact 10 may not do this: it needs the privilege billing.orders (the client grants it with PUT /api/contact/10 or editContactPermissions)',
  ]);
  t.equal(await storeJson(app), before);
  await grant(t, app, '10', ['billing.orders']);
  const body = assertAnswer(t, await door(app, 'POST', '/order/1', {}, { token }), 'postOrderProductId');
  t.match(await accountDetails(t, app, (body.items as Fields[])[0].id as string), { client_id: '1', billingcycle: 'Monthly' });
  t.match((await read(t, app, 'getOrderDetails', { id: body.order_id as string })).details, { client_id: '1' });
});

t.test('without a login the order routes answer 401', async (t) => {
  const app = await build(t);
  const before = await storeJson(app);
  const answer = await door(app, 'POST', '/order/1', {});
  t.equal(answer.status, 401);
  t.equal(await storeJson(app), before);
});

t.test(
  'a domain item of POST /order is read as POST /domain/order reads a domain: the same rules and words, every problem at once',
  async (t) => {
    const app = await build(t);
    const token = await login(app, ALICE);
    const before = await storeJson(app);
    const domain = { name: 'bad_name.com', epp: 'abc', nameservers: ['ns1.example.net', 'NS1.example.net'] };
    const rule =
      'a full domain name: one label of 1-63 letters, digits and inner hyphens, then its TLD, such as example.com (no scheme, www. or path)';
    assertRefused(t, await door(app, 'POST', '/domain/order', domain, { token }), 200, [
      'Parameter epp applies to a Transfer only: give action=Transfer or leave epp out',
      `Parameter name must be ${rule}`,
      'Parameter nameservers lists ns1.example.net twice',
    ]);
    assertRefused(t, await door(app, 'POST', '/order', { items: [{ type: 'domain', ...domain }] }, { token }), 200, [
      'items[0]: Parameter items[0][epp] applies to a Transfer only: give items[0][action]=Transfer or leave items[0][epp] out',
      `items[0]: Parameter items[0][name] must be ${rule}`,
      'items[0]: Parameter items[0][nameservers] lists ns1.example.net twice',
    ]);
    const one = { type: 'domain', name: 'fresh-name.com', nameservers: ['ns1.example.net'] };
    assertRefused(t, await door(app, 'POST', '/order', { items: [one] }, { token }), 200, [
      'items[0]: Parameter items[0][nameservers] must list 2 to 4 host names, or none for the default nameservers; it lists 1',
    ]);
    t.equal(await storeJson(app), before);
  },
);
