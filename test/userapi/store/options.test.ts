import t from 'tap';
import type { FastifyInstance } from 'fastify';
import type { Test } from 'tap';
import { build, storeJson } from '../../helpers/app.js';
import { accountDetails, invoiceDetails, read } from '../../helpers/reads.js';
import { ALICE, assertAnswer, assertRefused, door, login } from '../../helpers/door.js';
import { CHARLOTTE } from '../../helpers/userBilling.js';

type Fields = Record<string, unknown>;

// The bundled world's next ids: what a first order makes.
const NEXT = { order: '1022', service: '19', invoice: '13' };

// VPS 1GB (product 8) on the monthly cycle, for Alice (USD, Texas 8.25% on taxed lines):
//   the plan               12.00
//   Storage: 50 GB SSD      4.00  (select form 1, item 2)
//   Extra IPs: 3 x 2.00     6.00  (quantity form 2, item 4)
//   recurring              22.00
//   setup fee              10.00  (options carry none)
//   subtotal               32.00
//   tax 8.25% of 32.00      2.64
//   total                  34.64
const OPTIONS = { 1: '2', 2: { 4: '3' } };
const LINES = [
  { type: 'Hosting', description: 'VPS 1GB - vps9.morgan-design.com (20/11/2026 - 19/12/2026)', amount: '12.00', taxed: '1' },
  { type: 'Config', description: 'VPS 1GB - Storage: 50 GB SSD', amount: '4.00', taxed: '1' },
  { type: 'Config', description: 'VPS 1GB - Extra IPs: 3 x IPv4 address', amount: '6.00', taxed: '1' },
  { type: 'Setup', description: 'VPS 1GB - setup fee', amount: '10.00', taxed: '1' },
];

t.test('a quote and an order with options cost the same, and the invoice and the service show the options', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const item = { type: 'product', product_id: '8', cycle: 'm', domain: 'vps9.morgan-design.com', custom: OPTIONS };
  const before = storeJson(app);
  const quote = assertAnswer(t, await door(app, 'POST', '/quote', { items: [item], output: 'full' }, { token }), 'postQuote')
    .quote as Fields;
  t.match(quote, { subtotal: '32.00', taxrate: '8.25', tax: '2.64', total: '34.64', lines: LINES });
  t.match(quote.items, [{ product_id: '8', price: '22.00', setup: '10.00', total: '32.00' }]);
  t.equal(storeJson(app), before, 'a quote writes nothing');

  // The one-product route, urlencoded as an order form posts it: custom[1]=2&custom[2][4]=3.
  const input = { cycle: 'm', domain: 'vps9.morgan-design.com', custom: OPTIONS };
  const placed = assertAnswer(t, await door(app, 'POST', '/order/8', input, { token, via: 'form' }), 'postOrderProductId');
  t.match(placed, { order_id: NEXT.order, invoice_id: NEXT.invoice, total: '34.64', items: [{ id: NEXT.service, type: 'product' }] });

  const invoice = await invoiceDetails(t, app, NEXT.invoice);
  t.match(invoice, { status: 'Unpaid', subtotal: '32.00', tax: '2.64', total: '34.64' });
  const lines = (invoice.items as Fields[]).map(({ type, item_id, description, amount, qty }) => ({
    type,
    item_id,
    description,
    amount,
    qty,
  }));
  t.strictSame(
    lines,
    LINES.map(({ type, description, amount }) => ({ type, item_id: NEXT.service, description, amount, qty: '1' })),
    'getInvoiceDetails: a line per option, beside the plan and its setup fee',
  );
  const service = await accountDetails(t, app, NEXT.service);
  t.match(service, { product_id: '8', total: '22.00', firstpayment: '32.00', billingcycle: 'Monthly', status: 'Pending' });
  t.strictSame(service.options, {
    1: { id: '1', name: 'Storage', type: 'select', variable: 'disk', item_id: '2', item_name: '50 GB SSD', qty: '1', price: '4.00' },
    2: { id: '2', name: 'Extra IPs', type: 'qty', variable: 'ips', item_id: '4', item_name: 'IPv4 address', qty: '3', price: '6.00' },
  });
  const cycles = assertAnswer(t, await door(app, 'GET', `/service/${NEXT.service}/cycle`, {}, { token }), 'getServiceIdCycle');
  t.match(cycles, { cycles: [{ id: 'm', price: '22.00' }] }, "the service's own cycle costs the plan and its options");
});

t.test("options are priced in the client's currency, alike in a quote and an order of several items", async (t) => {
  const app = await build(t);
  const token = await login(app, CHARLOTTE);
  const items = [
    { type: 'product', product_id: '8', cycle: 'a', custom: { 1: '3', 2: { 4: '8' } } },
    { type: 'product', product_id: '8', cycle: 'a', custom: { 1: '1' } },
  ];
  const quote = assertAnswer(t, await door(app, 'POST', '/quote', { items, pay_method: '3' }, { token }), 'postQuote').quote as Fields;
  const placed = assertAnswer(t, await door(app, 'POST', '/order', { items, pay_method: '3' }, { token }), 'postOrder');
  t.equal(placed.total, quote.total, 'the order charges what the quote said');
  const invoice = await invoiceDetails(t, app, placed.invoice_id as string);
  t.strictSame([invoice.subtotal, invoice.tax, invoice.total], [quote.subtotal, quote.tax, quote.total]);
  const [rich, plain] = (placed.items as Fields[]).map((i) => i.id as string);
  const richService = await accountDetails(t, app, rich);
  const plainService = await accountDetails(t, app, plain);
  const options = Object.values(richService.options as Record<string, Fields>).map((o) => o.price as string);
  const cents = (amount: unknown) => Math.round(Number(amount) * 100);
  t.equal(
    cents(richService.total),
    cents(plainService.total) + options.reduce((sum, price) => sum + cents(price), 0),
    'the recurring price is the plan plus each option, in pounds',
  );
  t.ok(cents(options[0]) > 0 && cents(options[1]) > 0, `priced options: ${options.join(', ')}`);
});

/** What a refusal must leave as it was, re-read through the Admin API: Alice's orders, invoices and services. */
async function counts(t: Test, app: FastifyInstance): Promise<number[]> {
  const lists = [
    ['getClientOrders', 'orders'],
    ['getClientInvoices', 'invoices'],
    ['getClientAccounts', 'accounts'],
  ] as const;
  const out: number[] = [];
  for (const [call, key] of lists) {
    const listed = (await read(t, app, call, { id: '1' }))[key];
    out.push(Array.isArray(listed) ? listed.length : Object.keys(listed as Fields).length);
  }
  return out;
}

t.test('bad options are refused with every problem at once, alike in a quote and an order, and change nothing', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const before = storeJson(app);
  const counted = await counts(t, app);
  const refused = async (path: string, input: Fields, messages: string[]) => {
    assertRefused(t, await door(app, 'POST', path, input, { token }), 200, messages);
    assertRefused(t, await door(app, 'POST', path, input, { token, via: 'form' }), 200, messages);
    t.equal(storeJson(app), before, `${path} ${JSON.stringify(input)} changed nothing`);
  };
  await refused('/order/8', { cycle: 'd', custom: { 9: '1', 1: '7', 2: { 4: '9' } } }, [
    'Parameter custom[1]: Storage has no item 7; its items are: 1, 2, 3',
    'Parameter custom[2]: Extra IPs takes a quantity from 0 to 8, not 9',
    'Parameter custom[9]: product 8 has no configurable option category 9; its categories are: 1, 2',
    'Product 8 is not priced on cycle d; it offers: m, q, a',
  ]);
  await refused('/order/8', { custom: { 2: { 4: '2.5' } } }, [
    'Parameter custom[2]: Extra IPs takes a whole number of units, not 2.5',
    'Parameter custom[1] is required: product 8 cannot be ordered without a choice in Storage',
  ]);
  await refused('/order/8', { custom: { 1: { 2: '1' }, 2: '3' } }, [
    'Parameter custom[1]: Storage takes one item id, as custom[1]=ITEM_ID; its items are: 1, 2, 3',
    'Parameter custom[2]: Extra IPs takes a quantity, as custom[2][4]=QTY',
  ]);
  await refused('/order/8', { custom: { 1: '1', 2: { 5: '1' } } }, ['Parameter custom[2]: Extra IPs has no item 5; its items are: 4']);
  await refused('/order/1', { custom: { 1: '1' } }, [
    'Parameter custom[1]: product 1 has no configurable option category 1; its categories are: none',
  ]);
  const items = [
    { type: 'product', product_id: '1' },
    { type: 'product', product_id: '8', custom: { 2: { 4: '-1' } } },
  ];
  const itemProblems = [
    'items[1]: Parameter items[1][custom][2]: Extra IPs takes a whole number of units, not -1',
    'items[1]: Parameter items[1][custom][1] is required: product 8 cannot be ordered without a choice in Storage',
  ];
  await refused('/order', { items }, itemProblems);
  await refused('/quote', { items }, itemProblems);
  t.strictSame(await counts(t, app), counted, "Alice's orders, invoices and services are as they were");
  // ignore_errors leaves the item with bad options out and orders the rest.
  const kept = assertAnswer(t, await door(app, 'POST', '/order', { items, ignore_errors: true }, { token }), 'postOrder');
  t.match(kept, { items: [{ product_id: '1' }], info: [/^Order #/, /^items\[1\] was left out: Parameter items\[1\]\[custom\]\[2\]/] });
});
