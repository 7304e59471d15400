import t from 'tap';
import { api, assertSuccess, build } from '../../helpers/app.js';
import { readEverywhere } from '../../helpers/reads.js';
import { loadFixtures } from '../../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../../src/paths.js';

t.test('getOrderPages lists the top-level pages with their direct product counts', async (t) => {
  const app = await build(t);
  const result = await readEverywhere(t, app, 'getOrderPages', {});
  t.strictSame(Object.keys(result), ['categories']);
  const categories = result.categories as Record<string, unknown>[];
  // Pages 7-11 have a parent and are left out; page 1 holds products 1-3 itself
  // (products 4-7 sit in its sub-pages 7 and 8 and are not counted).
  t.strictSame(
    categories.map((c) => [c.id, c.products]),
    [
      ['1', '3'],
      ['2', '2'],
      ['3', '2'],
      ['4', '5'],
      ['5', '2'],
      ['6', '3'],
    ],
  );
  t.strictSame(categories[0], {
    id: '1',
    name: 'Shared Hosting',
    description: 'cPanel web hosting with free SSL, daily backups and one-click WordPress.',
    visible: '1',
    sort_order: '1',
    template: 'default',
    ctype: 'wizard',
    ptype: 'Shared',
    lptype: 'shared',
    otype: 'wizard_default',
    products: '3',
    ptype_id: '1',
  });
  t.strictSame(categories[2], {
    id: '3',
    name: 'Cloud Servers',
    description: 'Pay-as-you-go cloud instances, billed hourly or monthly.',
    visible: '1',
    sort_order: '3',
    template: 'dedicated',
    ctype: 'wizard',
    ptype: 'onappcloud',
    lptype: 'onappcloud',
    otype: 'wizard_dedicated',
    products: '2',
    ptype_id: '14',
  });
});

t.test('getOrderPages orders by sort_order as a number, then by id', async (t) => {
  const fixtures = loadFixtures(defaultFixturesDir);
  const sortOrders: Record<string, string> = { '3': '0', '2': '1', '5': '10' };
  const order_pages = fixtures.order_pages.map((p) => (sortOrders[p.id] ? { ...p, sort_order: sortOrders[p.id] } : p));
  const app = await build(t, { data: { ...fixtures, order_pages } });
  const result = assertSuccess(t, await api(app, 'getOrderPages'), 'getOrderPages');
  // sort_order: 3 -> 0, 1 and 2 -> 1 (tie: by id), 4 -> 4, 6 -> 6, 5 -> 10 ("10" after "6" as a number).
  t.strictSame(
    (result.categories as { id: string }[]).map((c) => c.id),
    ['3', '1', '2', '4', '6', '5'],
  );
});

t.test('getOrderPages counts a product added to a page', async (t) => {
  const fixtures = loadFixtures(defaultFixturesDir);
  const extra = { ...fixtures.products.find((p) => p.id === '14')!, id: '99', category_id: '5' };
  const app = await build(t, { data: { ...fixtures, products: [...fixtures.products, extra] } });
  const result = assertSuccess(t, await api(app, 'getOrderPages'), 'getOrderPages');
  const ssl = (result.categories as { id: string; products: string }[]).find((c) => c.id === '5');
  t.equal(ssl?.products, '3');
});

t.test('getOrderPages ignores unknown parameters', async (t) => {
  const app = await build(t);
  const plain = await api(app, 'getOrderPages');
  const extra = await api(app, 'getOrderPages', { id: 'abc', whatever: 'x' });
  assertSuccess(t, extra, 'getOrderPages');
  t.strictSame(extra.categories, plain.categories);
});
