import t from 'tap';
import { api, assertSuccess, build, storeJson } from '../../helpers/app.js';
import { assertAnswer, assertRefused, door, login } from '../../helpers/door.js';

const BRUNO = 'bruno.keller@keller-maschinenbau.de';
/** Bruno's contact (client 11): it sees its client's currency. */
const VOGEL = 's.vogel@keller-maschinenbau.de';

type Row = Record<string, string>;
type Listed = Row & { prices: Row };

t.test("a visitor lists a page's products with the prices of the cycles each is sold on, in the main currency", async (t) => {
  const app = await build(t);
  const body = assertAnswer(t, await door(app, 'GET', '/category/7/product'), 'getCategoryCategoryIdProduct');
  t.strictSame(body, {
    products: [
      {
        id: '4',
        category_id: '7',
        name: 'EU Starter',
        description: '1 website in Frankfurt\r\n10 GB NVMe storage\r\nFree SSL certificate',
        paytype: 'Regular',
        prices: { m: '5.49', a: '54.90' },
      },
      {
        id: '5',
        category_id: '7',
        name: 'EU Pro',
        description: '25 websites in Frankfurt\r\n100 GB NVMe storage\r\nDaily backups',
        paytype: 'Regular',
        prices: { m: '11.99', q: '34.50', a: '119.90' },
      },
    ],
    currency: 'USD',
  });
  // The same records getProducts shows.
  const admin = assertSuccess(t, await api(app, 'getProducts', { id: '7' }), 'getProducts').products as Record<string, Row>;
  for (const product of body.products as Listed[]) {
    t.match(admin[product.id], { name: product.name, description: product.description, paytype: product.paytype, m: product.prices.m });
  }
});

t.test("a client and its contact see prices in the client's currency; once and free products show their one choice", async (t) => {
  const app = await build(t);
  const client = assertAnswer(
    t,
    await door(app, 'GET', '/category/3/product', {}, { token: await login(app, BRUNO) }),
    'getCategoryCategoryIdProduct',
  );
  t.strictSame(client, {
    products: [
      {
        id: '12',
        category_id: '3',
        name: 'Cloud Flex',
        description: 'Scale CPU, memory and disk with sliders; billed by the hour or the month.',
        paytype: 'Regular',
        prices: { m: '16.59', h: '0.03' },
      },
      {
        id: '13',
        category_id: '3',
        name: 'Cloud Trial',
        description: '7-day trial instance: 1 vCPU, 1 GB RAM, 20 GB disk.',
        paytype: 'Free',
        prices: { Free: '0.00' },
      },
    ],
    currency: 'EUR',
  });
  const contact = assertAnswer(
    t,
    await door(app, 'GET', '/category/3/product', {}, { token: await login(app, VOGEL) }),
    'getCategoryCategoryIdProduct',
  );
  t.strictSame(contact, client, 'a contact needs no privilege to read the catalogue');
  const once = assertAnswer(t, await door(app, 'GET', '/category/6/product'), 'getCategoryCategoryIdProduct');
  t.match(
    (once.products as Row[]).find((p) => p.id === '16'),
    { paytype: 'Once', prices: { Once: '49.00' } },
  );
});

t.test('an Admin price change and a new product show at the door', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, 'editProduct', { id: '4', m: '6.25', a: '0.00' }), 'editProduct');
  const body = assertAnswer(t, await door(app, 'GET', '/category/7/product'), 'getCategoryCategoryIdProduct');
  t.strictSame((body.products as Row[])[0].prices, { m: '6.25' });
  assertSuccess(t, await api(app, 'editProduct', { id: '5', visible: '0' }), 'editProduct');
  const hidden = assertAnswer(t, await door(app, 'GET', '/category/7/product'), 'getCategoryCategoryIdProduct');
  t.strictSame(
    (hidden.products as Row[]).map((p) => p.id),
    ['4'],
  );
});

t.test('a hidden page, a page that is not there and a TLD page refuse or list nothing; bad ids are refused; nothing changes', async (t) => {
  const app = await build(t);
  const before = storeJson(app);
  assertRefused(t, await door(app, 'GET', '/category/11/product'), 404, ['Category 11 not found']);
  assertRefused(t, await door(app, 'GET', '/category/99/product'), 404, ['Category 99 not found']);
  const domains = assertAnswer(t, await door(app, 'GET', '/category/4/product'), 'getCategoryCategoryIdProduct');
  t.strictSame(domains, { products: [], currency: 'USD' }, 'TLDs are ordered through /api/domain');
  const bad = await door(app, 'GET', '/category/abc/product');
  t.equal(bad.status, 200);
  t.equal((bad.body.error as string[]).length, 1);
  t.match((bad.body.error as string[])[0], /category_id/);
  t.equal(storeJson(app), before);
});
