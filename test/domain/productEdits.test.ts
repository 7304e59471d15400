import t from 'tap';
import { Seed, World } from '../../src/store/world.js';
import { loadFixtures } from '../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../src/paths.js';
import { ApiError } from '../../src/errors.js';
import { cloneInfo, clonePlan, cloneSettings, productUses, removeProduct } from '../../src/domain/productEdits.js';
import { uniqueName } from '../../src/domain/products.js';
import { state, write } from '../helpers/world.js';

const seed = new Seed(loadFixtures(defaultFixturesDir));
const product = (world: World, id: string) => world.get('products', id)!;

t.test('a product with many services names five of them and how many more', async (t) => {
  const world = new World(seed);
  write(world, () => {
    const template = world.get('accounts', '16')!;
    for (let n = 0; n < 7; n++) world.insert('accounts', { ...template, id: world.nextId('accounts') });
  });
  t.strictSame(
    productUses(world, product(world, '17'))[0],
    'Product 17 (Managed Backup) cannot be deleted: services (accounts 4, 15, 16, 17, 19 and 6 more) are on it',
  );
  t.strictSame(productUses(world, product(world, '13')), [], 'an unused product');
});

t.test('an addon listing a product twice and nothing else keeps the product', async (t) => {
  const world = new World(seed);
  write(world, () => world.replace('addons', { ...world.get('addons', '5')!, products: '13, 13' }));
  t.strictSame(productUses(world, product(world, '13')), [
    'Product 13 (Cloud Trial) cannot be deleted: it is the only product addon 5 applies to, which would then apply to every product',
  ]);
});

t.test("deleting takes the product's automation settings with it, and a refusal changes nothing", async (t) => {
  const world = new World(seed);
  write(world, () => {
    const own = world.get('product_automation', '2')!;
    world.insert('product_automation', { ...own, id: '3', product_id: '13' });
    const tld = world.all('tld_automation')[0];
    world.insert('tld_automation', { ...tld, id: world.nextId('tld_automation'), tld_id: '13' });
  });
  write(world, () => removeProduct(world, product(world, '13')));
  t.strictSame(world.where('product_automation', 'product_id', '13'), []);
  t.strictSame(world.where('tld_automation', 'tld_id', '13'), []);
  t.ok(world.get('product_automation', '2'), "another product's settings stay");
  const before = state(world);
  t.throws(
    () => write(world, () => removeProduct(world, product(world, '9'))),
    new ApiError([
      'Product 9 (VPS 2GB) cannot be deleted: services (accounts 7) are on it',
      'Product 9 (VPS 2GB) cannot be deleted: order drafts 1 order it',
    ]),
  );
  t.equal(state(world), before);
});

t.test('a deleted name frees its suffix: the next copy takes the first free one again', async (t) => {
  const world = new World(seed);
  const copy = (name: string) =>
    write(world, () =>
      world.insert('products', { ...product(world, '13'), id: world.nextId('products'), name: uniqueName(world, name, new Set()) }),
    );
  const names = [copy('Box'), copy('Box'), copy('Box')].map((p) => p.name);
  t.strictSame(names, ['Box', 'Box(2)', 'Box(3)']);
  write(world, () => removeProduct(world, world.where('products', 'name', 'Box(2)')[0]));
  t.equal(copy('Box').name, 'Box(2)');
  t.equal(copy('Box').name, 'Box(4)');
});

t.test('Automation copies the source product_automation record, or leaves the target on the defaults', async (t) => {
  const world = new World(seed);
  const automation = (id: string) => world.where('product_automation', 'product_id', id).map(({ id: _, ...rest }) => rest);
  const own9 = automation('9');
  write(world, () => {
    const { source, targets } = clonePlan(world, '9', ['10', '11']);
    for (const target of targets) cloneSettings(world, source, target, new Set(['2'] as const));
  });
  t.strictSame(
    automation('10'),
    own9.map((row) => ({ ...row, product_id: '10' })),
    'a copy with its own id',
  );
  t.strictSame(
    automation('11'),
    own9.map((row) => ({ ...row, product_id: '11' })),
  );
  t.strictSame(automation('9'), own9);
  write(world, () => {
    const { source, targets } = clonePlan(world, '8', ['10']);
    cloneSettings(world, source, targets[0], new Set(['2'] as const));
  });
  t.strictSame(automation('10'), [], 'product 8 has none of its own: 10 goes back to the defaults');
  t.strictSame(automation('11').length, 1);
});

t.test("a TLD's automation copies its tld_automation record too", async (t) => {
  const world = new World(seed);
  const tldRows = world.all('tld_automation');
  const own = tldRows.find((row) => row.tld_id !== '0');
  t.ok(own, 'the bundled world has a TLD with its own settings');
  const targetId = own!.tld_id === '24' ? '23' : '24';
  write(world, () => {
    const { source, targets } = clonePlan(world, own!.tld_id, [targetId]);
    cloneSettings(world, source, targets[0], new Set(['2', '3'] as const));
  });
  const { id: _a, ...copy } = world.where('tld_automation', 'tld_id', targetId)[0];
  const { id: _b, ...original } = own!;
  t.strictSame(copy, { ...original, tld_id: targetId });
});

t.test('the answer names the settings copied once each, in the order 1 to 7', async (t) => {
  t.strictSame(cloneInfo(new Set(['7', '1', '4'] as const)), [
    'Connect with app: Copying completed successfully',
    'Components: Copying completed successfully',
    'Price: Copying completed successfully',
  ]);
});
