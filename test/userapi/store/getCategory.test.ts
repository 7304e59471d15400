import t from 'tap';
import { api, assertSuccess, build, storeJson } from '../../helpers/app.js';
import { assertAnswer, door, login, TOM } from '../../helpers/door.js';

const category = (id: string, parent_id: string, name: string, slug: string, contains: string, products: string) => ({
  id,
  parent_id,
  name,
  slug,
  contains,
  products,
});

/** The bundled world's orderable pages, in the order a storefront lists them (descriptions checked apart). */
const BUNDLED = [
  category('1', '0', 'Shared Hosting', 'shared-hosting', 'subcategories', '3'),
  category('7', '1', 'Europe (Frankfurt)', 'shared-hosting-europe', 'products', '2'),
  category('8', '1', 'North America (Dallas)', 'shared-hosting-north-america', 'products', '2'),
  category('2', '0', 'VPS Hosting', 'vps-hosting', 'subcategories', '2'),
  category('9', '2', 'Amsterdam', 'vps-amsterdam', 'products', '1'),
  category('10', '2', 'New York', 'vps-new-york', 'products', '1'),
  category('3', '0', 'Cloud Servers', 'cloud-servers', 'products', '2'),
  category('5', '0', 'SSL Certificates', 'ssl-certificates', 'products', '2'),
  category('6', '0', 'Managed Services', 'managed-services', 'subcategories', '3'),
];

type Row = Record<string, string>;
const withoutDescription = (rows: Row[]) => rows.map(({ description, ...rest }) => rest);

t.test("a visitor lists the orderable pages, the records the Admin API's order-page calls show", async (t) => {
  const app = await build(t);
  const body = assertAnswer(t, await door(app, 'GET', '/category'), 'getCategory');
  const listed = body.categories as Row[];
  t.strictSame(withoutDescription(listed), BUNDLED);
  const top = assertSuccess(t, await api(app, 'getOrderPages'), 'getOrderPages').categories as Row[];
  const below = [];
  for (const id of ['1', '2', '6'])
    below.push(...((assertSuccess(t, await api(app, 'getSubCategories', { id }), 'getSubCategories').subcategories as Row[]) ?? []));
  for (const item of listed) {
    const admin = [...top, ...below].find((page) => page.id === item.id);
    t.match(admin, { name: item.name, description: item.description }, `page ${item.id} as the Admin API shows it`);
  }
  t.notOk(
    listed.some((c) => c.id === '11'),
    'the hidden Legacy Plans page is not listed',
  );
  t.notOk(
    listed.some((c) => c.id === '4'),
    'the Domains page holds only TLDs, sold through /api/domain',
  );
});

t.test('a logged-in client or contact gets the same list; no privilege is needed', async (t) => {
  const app = await build(t);
  const visitor = assertAnswer(t, await door(app, 'GET', '/category'), 'getCategory');
  const contact = assertAnswer(t, await door(app, 'GET', '/category', {}, { token: await login(app, TOM) }), 'getCategory');
  t.strictSame(contact, visitor);
});

t.test('an Admin change to the catalogue shows at the door: a page whose products are all hidden is no longer listed', async (t) => {
  const app = await build(t);
  for (const id of ['4', '5']) assertSuccess(t, await api(app, 'editProduct', { id, visible: '0' }), 'editProduct');
  const body = assertAnswer(t, await door(app, 'GET', '/category'), 'getCategory');
  t.notOk(
    (body.categories as Row[]).some((c) => c.id === '7'),
    'Europe (Frankfurt) has nothing to order',
  );
  // Hidden from unregistered visitors (-3): listed once the caller is logged in.
  for (const id of ['6', '7']) assertSuccess(t, await api(app, 'editProduct', { id, visible: '-3' }), 'editProduct');
  const visitor = assertAnswer(t, await door(app, 'GET', '/category'), 'getCategory');
  t.notOk((visitor.categories as Row[]).some((c) => c.id === '8'));
  const client = assertAnswer(t, await door(app, 'GET', '/category', {}, { token: await login(app, TOM) }), 'getCategory');
  t.match(
    (client.categories as Row[]).find((c) => c.id === '8'),
    { products: '2' },
  );
});

t.test('unknown parameters are ignored and nothing changes', async (t) => {
  const app = await build(t);
  const before = storeJson(app);
  assertAnswer(t, await door(app, 'GET', '/category', { page: '2' }), 'getCategory');
  t.equal(storeJson(app), before);
});
