import t from 'tap';
import { build } from '../../helpers/app.js';
import { refusals } from '../../helpers/refusals.js';
import { read, readEverywhere } from '../../helpers/reads.js';
import { loadFixtures } from '../../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../../src/paths.js';

/** The order-page settings both Shared Hosting subcategories inherit from their parent. */
const SHARED_WIZARD = {
  template: 'default',
  ctype: 'wizard',
  ptype: 'Shared',
  lptype: 'shared',
  otype: 'wizard_default',
  products: '2',
  subcategories: '0',
  ptype_id: '1',
};

t.test('getSubCategories lists the sub-pages of an order page with their counts', async (t) => {
  const app = await build(t);
  const result = await readEverywhere(t, app, 'getSubCategories', { id: '1' });
  // Order page 1 ("Shared Hosting") has sub-pages 7 (products 4, 5) and 8 (products 6, 7).
  t.strictSame(result, {
    subcategories: [
      {
        id: '7',
        parent_id: '1',
        contains: 'products',
        name: 'Europe (Frankfurt)',
        description: 'Hosting in our Frankfurt data centre, GDPR-ready.',
        visible: '1',
        slug: 'shared-hosting-europe',
        sort_order: '1',
        ...SHARED_WIZARD,
      },
      {
        id: '8',
        parent_id: '1',
        contains: 'products',
        name: 'North America (Dallas)',
        description: 'Hosting in our Dallas data centre.',
        visible: '1',
        slug: 'shared-hosting-north-america',
        sort_order: '2',
        ...SHARED_WIZARD,
      },
    ],
  });
});

t.test('getSubCategories includes hidden sub-pages', async (t) => {
  const app = await build(t);
  const result = await read(t, app, 'getSubCategories', { id: '6' });
  const list = result.subcategories as Record<string, string>[];
  t.strictSame(
    list.map((p) => [p.id, p.visible, p.products]),
    [['11', '0', '1']],
  );
});

t.test('getSubCategories answers an empty list for a page without sub-pages', async (t) => {
  const app = await build(t);
  for (const id of ['3', '7']) {
    const result = await read(t, app, 'getSubCategories', { id });
    t.strictSame(result, { subcategories: [] }, `order page ${id}`);
  }
});

t.test('getSubCategories orders by sort_order as a number and counts nested pages', async (t) => {
  const fixtures = loadFixtures(defaultFixturesDir);
  const page8 = fixtures.order_pages.find((p) => p.id === '8')!;
  const order_pages = [
    ...fixtures.order_pages.map((p) => (p.id === '7' ? { ...p, sort_order: '10' } : p)),
    // A page nested under sub-page 8, and a third sub-page of 1 sorting between 8 ("2") and 7 ("10").
    { ...page8, id: '12', parent_id: '8', slug: 'nested' },
    { ...page8, id: '13', sort_order: '9', slug: 'third' },
  ];
  const app = await build(t, { data: { ...fixtures, order_pages } });
  const result = await read(t, app, 'getSubCategories', { id: '1' });
  const list = result.subcategories as Record<string, string>[];
  t.strictSame(
    list.map((p) => [p.id, p.sort_order, p.subcategories]),
    [
      ['8', '2', '1'],
      ['13', '9', '0'],
      ['7', '10', '0'],
    ],
  );
});

refusals('getSubCategories refuses a missing, malformed or unknown id', 'getSubCategories', [
  [{}, 'Parameter id is required'],
  [{ id: 'abc' }, 'Parameter id must be a positive whole number id, such as 1'],
  [{ id: '0' }, 'Parameter id must be a positive whole number id, such as 1'],
  [{ id: '999' }, 'Order page 999 not found'],
]);
