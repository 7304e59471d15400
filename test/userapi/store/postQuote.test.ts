import t from 'tap';
import type { FastifyInstance } from 'fastify';
import type { Test } from 'tap';
import { api, build, storeJson } from '../../helpers/app.js';
import { invoiceDetails, read } from '../../helpers/reads.js';
import { ALICE, assertAnswer, assertRefused, door, login } from '../../helpers/door.js';
import { CHARLOTTE } from '../../helpers/userBilling.js';

type Fields = Record<string, unknown>;

/** Every product the bundled catalogue lists, page by page, as getOrderPages and getProducts show them. */
async function catalogue(t: Test, app: FastifyInstance): Promise<Fields[]> {
  const pages = (await read(t, app, 'getOrderPages')).categories as { id: string }[];
  const products: Fields[] = [];
  for (const page of pages) {
    const listed = (await read(t, app, 'getProducts', { id: page.id })).products;
    if (!Array.isArray(listed)) products.push(...Object.values(listed as Record<string, Fields>));
  }
  return products;
}

/** A choice in each of the product's option forms (getProductDetails' `options`): a select's last item, a quantity form's most units. */
function customFor(options: Record<string, Fields> | never[]): Record<string, unknown> {
  const custom: Record<string, unknown> = {};
  for (const form of Object.values(options)) {
    const items = form.items as Fields[];
    const max = (form.config as Fields).maxvalue;
    custom[form.id as string] = (form.type as Fields).type === 'select' ? items.at(-1)?.id : { [items[0].id as string]: max };
  }
  return custom;
}

/** The item that buys a product: a domain TLD is bought as a name under it, anything else as a product with every option chosen. */
async function itemFor(t: Test, app: FastifyInstance, product: Fields, n: number): Promise<Fields> {
  const tld = String(product.name);
  if (tld.startsWith('.')) return { type: 'domain', name: `quote-walk-${n}${tld}` };
  const { options } = (await read(t, app, 'getProductDetails', { id: product.id as string })).product as Fields;
  return { type: 'product', product_id: product.id, custom: customFor(options as Record<string, Fields>) };
}

t.test('a quote equals the order total and its invoice, tax included, for each product in the bundled catalogue', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const products = await catalogue(t, app);
  t.ok(products.length > 10, `the catalogue lists ${products.length} products`);
  let billed = 0;
  for (const [n, product] of products.entries()) {
    const items = [await itemFor(t, app, product, n)];
    const quoted = assertAnswer(t, await door(app, 'POST', '/quote', { items }, { token }), 'postQuote').quote as Fields;
    const placed = assertAnswer(t, await door(app, 'POST', '/order', { items }, { token }), 'postOrder');
    t.equal(placed.total, quoted.total, `product ${product.id} (${product.name}): the order costs what the quote said`);
    if (placed.invoice_id === '0') {
      t.equal(quoted.total, '0.00', `product ${product.id}: no invoice only when nothing is owed`);
      continue;
    }
    billed++;
    const invoice = await invoiceDetails(t, app, placed.invoice_id as string);
    t.strictSame(
      [invoice.subtotal, invoice.tax, invoice.total],
      [quoted.subtotal, quoted.tax, quoted.total],
      `product ${product.id}: the invoice's subtotal, tax and total are the quote's`,
    );
  }
  t.ok(billed > 10, `${billed} orders were billed`);
});

t.test('a quote is priced as the caller: currency and tax rules; a visitor in the main currency without tax', async (t) => {
  const app = await build(t);
  const items = [
    { type: 'product', product_id: '8', cycle: 'm', domain: 'vps.example.com', custom: { 1: '1' } },
    { type: 'domain', name: 'fresh-name.com' },
  ];
  const visitor = assertAnswer(t, await door(app, 'POST', '/quote', { items }), 'postQuote');
  t.strictSame(visitor, {
    quote: {
      currency_id: '0',
      currency: 'USD',
      pay_method: '1',
      subtotal: '34.95',
      taxrate: '0.00',
      tax: '0.00',
      taxrate2: '0.00',
      tax2: '0.00',
      total: '34.95',
      items: [
        {
          type: 'product',
          product_id: '8',
          name: 'VPS 1GB',
          cycle: 'm',
          domain: 'vps.example.com',
          price: '12.00',
          setup: '10.00',
          total: '22.00',
        },
        {
          type: 'domain',
          product_id: '20',
          name: 'fresh-name.com',
          action: 'register',
          years: '1',
          price: '12.95',
          setup: '0.00',
          total: '12.95',
        },
      ],
    },
    info: [],
  });
  const alice = assertAnswer(t, await door(app, 'POST', '/quote', { items }, { token: await login(app, ALICE) }), 'postQuote');
  t.match(alice.quote, { currency: 'USD', taxrate: '8.25', tax: '2.88', total: '37.83' }, "Alice pays Texas's 8.25%");
  const token = await login(app, CHARLOTTE);
  const charlotte = assertAnswer(t, await door(app, 'POST', '/quote', { items, pay_method: '3' }, { token }), 'postQuote');
  const placed = assertAnswer(t, await door(app, 'POST', '/order', { items, pay_method: '3' }, { token }), 'postOrder');
  t.match(charlotte.quote, { currency_id: '2', pay_method: '3', taxrate: '20.00' }, "Charlotte's pounds and UK VAT");
  t.equal(placed.total, (charlotte.quote as Fields).total, 'the order charges the quote');
});

t.test('output config adds the configurable options, full the invoice lines; a quote changes nothing', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const items = [{ type: 'product', product_id: '8', cycle: 'm', custom: { 1: '1' } }];
  const before = await storeJson(app);
  const short = (assertAnswer(t, await door(app, 'POST', '/quote', { items }, { token }), 'postQuote').quote as Fields).items as Fields[];
  t.notOk('options' in short[0], 'short: no options');
  const config = assertAnswer(t, await door(app, 'POST', '/quote', { items, output: 'config' }, { token, via: 'form' }), 'postQuote');
  const options = ((config.quote as Fields).items as Fields[])[0].options as Record<string, Fields>;
  const product = (await read(t, app, 'getProductDetails', { id: '8' })).product as Fields;
  t.strictSame(options, product.options, "config: the product's options as getProductDetails shows them");
  t.notOk('lines' in (config.quote as Fields));
  const full = assertAnswer(t, await door(app, 'POST', '/quote', { items, output: 'full' }, { token }), 'postQuote');
  t.strictSame((full.quote as Fields).lines, [
    { type: 'Hosting', description: 'VPS 1GB (20/11/2026 - 19/12/2026)', amount: '12.00', taxed: '1' },
    { type: 'Config', description: 'VPS 1GB - Storage: 25 GB SSD', amount: '0.00', taxed: '1' },
    { type: 'Setup', description: 'VPS 1GB - setup fee', amount: '10.00', taxed: '1' },
  ]);
  t.equal(await storeJson(app), before, 'quoting wrote nothing');
  const placed = assertAnswer(t, await door(app, 'POST', '/order', { items }, { token }), 'postOrder');
  const invoice = await invoiceDetails(t, app, placed.invoice_id as string);
  const lines = (invoice.items as Fields[]).map(({ type, description, amount, taxed }) => ({ type, description, amount, taxed }));
  t.strictSame(lines, (full.quote as Fields).lines, 'the invoice carries the lines the quote listed');
});

t.test('a quote refuses what the order would refuse, every problem at once; ignore_errors leaves those items out', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const before = await storeJson(app);
  const items = [
    { type: 'product', product_id: '999' },
    { type: 'product', product_id: '1', cycle: 'd' },
    { type: 'domain', name: 'morgan-design.com' },
    { type: 'product', product_id: '2' },
  ];
  assertRefused(t, await door(app, 'POST', '/quote', { items, pay_method: '5', promocode: 'WELCOME10' }, { token }), 200, [
    'Promotion code "WELCOME10" is not known: billsim keeps no promotions, so send no promocode',
    'Gateway 5 (Mollie) is disabled: give an enabled payment gateway as pay_method',
    'items[0]: Product 999 not found',
    'items[1]: Product 1 is not priced on cycle d; it offers: m, q, s, a, b',
    'items[2]: Domain morgan-design.com is already held here (domain 1, Active)',
  ]);
  assertRefused(t, await door(app, 'POST', '/quote', { items: [], output: 'long' }, { token }), 200, [
    'Parameter items must be the items to order, 1 to 50',
    'Parameter output must be one of: short, config, full',
  ]);
  const kept = assertAnswer(t, await door(app, 'POST', '/quote', { items, ignore_errors: true }, { token }), 'postQuote');
  t.match(kept.quote, { items: [{ product_id: '2' }] });
  t.equal(((kept.quote as Fields).items as Fields[]).length, 1);
  t.strictSame(kept.info, [
    'items[0] was left out: Product 999 not found',
    'items[1] was left out: Product 1 is not priced on cycle d; it offers: m, q, s, a, b',
    'items[2] was left out: Domain morgan-design.com is already held here (domain 1, Active)',
  ]);
  t.equal(await storeJson(app), before);
  t.ok((await api(app, 'getOrders', {})).success);
});
