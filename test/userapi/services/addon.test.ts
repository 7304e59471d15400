import t from 'tap';
import { build, storeJson } from '../../helpers/app.js';
import { invoiceDetails, read } from '../../helpers/reads.js';
import { ALICE, assertAnswer, assertRefused, door, login, TOM } from '../../helpers/door.js';
import { grant } from '../../helpers/services.js';

const regular = (m: string, a: string, q?: string) => [
  { id: 'm', name: 'Monthly', price: m, setup: '0.00' },
  ...(q ? [{ id: 'q', name: 'Quarterly', price: q, setup: '0.00' }] : []),
  { id: 'a', name: 'Annually', price: a, setup: '0.00' },
];

t.test("the service's addons as getAccountAddons lists them, and the addons its product may still take", async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const body = assertAnswer(t, await door(app, 'GET', '/service/2/addon', {}, { token }), 'getServiceIdAddon');
  const admin = await read(t, app, 'getAccountAddons', { id: '2' });
  t.strictSame(body.addons, admin.account_addons);
  // cPanel (3) and DDoS Protection (4) are unique and already on the service; Website Builder (7) is not for VPS 1GB.
  t.strictSame(body.available, [
    {
      id: '1',
      name: 'Dedicated IP Address',
      description: 'An extra IPv4 address routed to your service.',
      paytype: 'Regular',
      cycles: regular('3.00', '36.00', '9.00'),
    },
    {
      id: '2',
      name: 'Extra Backup Space 10GB',
      description: 'Ten more gigabytes of off-site backup storage.',
      paytype: 'Regular',
      cycles: regular('5.00', '54.00'),
    },
    {
      id: '5',
      name: 'SSL Installation',
      description: 'We install and configure your certificate (one-time service).',
      paytype: 'Once',
      cycles: [{ id: 'Once', name: 'One Time', price: '25.00', setup: '0.00' }],
    },
    {
      id: '6',
      name: 'Spam Filter Basic',
      description: 'Inbound spam and virus filtering for all mailboxes.',
      paytype: 'Free',
      cycles: [{ id: 'Free', name: 'Free', price: '0.00', setup: '0.00' }],
    },
  ]);
});

t.test('ordering an addon attaches it as addAddonToAccount does, with its invoice', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const body = assertAnswer(t, await door(app, 'POST', '/service/1/addon', { addon_id: '7', cycle: 'a' }, { token }), 'postServiceIdAddon');
  t.strictSame(body, { id: body.id, invoice_id: body.invoice_id, info: ['Addon added'] });
  const attached = (await read(t, app, 'getAccountAddons', { id: '1' })).account_addons as Record<string, unknown>[];
  t.match(attached.at(-1), {
    id: body.id,
    addon_id: '7',
    name: 'Website Builder Pro',
    billingcycle: 'Annually',
    recurring_amount: '40.00',
    status: 'Pending',
  });
  t.match(await invoiceDetails(t, app, body.invoice_id as string), {
    status: 'Unpaid',
    client_id: '1',
    total: '40.00',
    items: [{ type: 'Addon', item_id: body.id, amount: '40.00' }],
  });
  // Website Builder is unique: the service now carries it, so it is no longer offered.
  const after = assertAnswer(t, await door(app, 'GET', '/service/1/addon', {}, { token }), 'getServiceIdAddon');
  t.notOk((after.available as { id: string }[]).some((a) => a.id === '7'));
  t.equal((after.addons as unknown[]).length, attached.length);
});

t.test("a Free addon is attached without an invoice; without a cycle the service's own is used when sold", async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const invoicesBefore = (await read(t, app, 'getInvoices', {})).invoices;
  const free = assertAnswer(
    t,
    await door(app, 'POST', '/service/1/addon', { addon_id: '6' }, { token, via: 'form' }),
    'postServiceIdAddon',
  );
  t.equal(free.invoice_id, '0');
  t.strictSame((await read(t, app, 'getInvoices', {})).invoices, invoicesBefore);
  const monthly = assertAnswer(t, await door(app, 'POST', '/service/1/addon', { addon_id: '1' }, { token }), 'postServiceIdAddon');
  const attached = (await read(t, app, 'getAccountAddons', { id: '1' })).account_addons as Record<string, unknown>[];
  t.match(attached.at(-1), { id: monthly.id, billingcycle: 'Monthly', recurring_amount: '3.00' });
});

t.test('a contact needs billing.orders to order, none to read', async (t) => {
  const app = await build(t);
  const token = await login(app, TOM);
  assertAnswer(t, await door(app, 'GET', '/service/1/addon', {}, { token }), 'getServiceIdAddon');
  const before = await storeJson(app);
  assertRefused(t, await door(app, 'POST', '/service/1/addon', { addon_id: '7' }, { token }), 403, [
    'Contact 10 may not do this: it needs the privilege billing.orders (the client grants it with PUT /api/contact/10 or editContactPermissions)',
  ]);
  t.equal(await storeJson(app), before);
  await grant(t, app, '10', ['billing.orders']);
  assertAnswer(t, await door(app, 'POST', '/service/1/addon', { addon_id: '7' }, { token }), 'postServiceIdAddon');
});

t.test("another client's service and bad input are refused with every problem at once, changing nothing", async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const before = await storeJson(app);
  assertRefused(t, await door(app, 'GET', '/service/3/addon', {}, { token }), 404, ['Service 3 not found']);
  assertRefused(t, await door(app, 'POST', '/service/3/addon', { addon_id: '2' }, { token }), 404, ['Service 3 not found']);
  assertRefused(t, await door(app, 'POST', '/service/x/addon', { addon_id: 'dns', cycle: 'yearly' }, { token }), 200, [
    'Parameter id must be a positive whole number id, such as 1',
    'Parameter addon_id must be a positive whole number id, such as 1',
    'Parameter cycle must be one of: h, d, w, m, q, s, a, b, t, p4, p5, Once, Free',
  ]);
  assertRefused(t, await door(app, 'POST', '/service/1/addon', {}, { token }), 200, ['Parameter addon_id is required']);
  // An addon not for the service's product, and a cycle it is not sold on.
  assertRefused(t, await door(app, 'POST', '/service/1/addon', { addon_id: '3', cycle: 't' }, { token }), 200, [
    'Addon 3 is not available for product 2 of account 1: it applies to products 8, 9, 10, 11',
    'Addon 3 is not offered on cycle t; it offers: m, a',
  ]);
  assertRefused(t, await door(app, 'POST', '/service/1/addon', { addon_id: '99' }, { token }), 200, ['Addon 99 not found']);
  assertRefused(t, await door(app, 'POST', '/service/2/addon', { addon_id: '3' }, { token }), 200, [
    'Addon 3 is unique and account 2 already has it (account addon 2)',
  ]);
  t.equal(await storeJson(app), before);
});
