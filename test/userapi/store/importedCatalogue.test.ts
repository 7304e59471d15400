// A world loaded from `billsim import` of another installation: the storefront
// at the customer's door lists that installation's catalogue, not the bundled one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t, { type Test } from 'tap';
import { buildApp } from '../../../src/app.js';
import { runImport } from '../../../src/cli/import.js';
import { loadFixtures } from '../../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../../src/paths.js';
import { build } from '../../helpers/app.js';
import { UPSTREAM_ID, UPSTREAM_KEY, UPSTREAM_NOW } from '../../helpers/installation.js';
import { assertAnswer, door } from '../../helpers/door.js';

type Row = Record<string, unknown>;

/** The bundled world with another catalogue: other page and product names, another price, Cloud Servers hidden. */
function otherCatalogue() {
  const world = loadFixtures(defaultFixturesDir);
  return {
    ...world,
    order_pages: world.order_pages.map((p) => ({ ...p, name: `Imported ${p.name}`, visible: p.id === '3' ? '0' : p.visible })),
    products: world.products.map((p) => ({ ...p, name: `${p.name} (installation)`, ...(p.id === '4' && { m: '7.77' }) })),
  };
}

async function importInto(t: Test, origin: string): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-store-import-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const out = path.join(dir, 'world');
  let said = '';
  const writer = {
    write: (text: string) => {
      said += text;
      return true;
    },
  };
  const io = { out: writer, err: writer } as unknown as Parameters<typeof runImport>[2];
  const status = await runImport(
    ['--from', origin, '--api-id', UPSTREAM_ID, '--out', out, '--retries', '0'],
    { BILLSIM_IMPORT_API_KEY: UPSTREAM_KEY },
    io,
  );
  t.equal(status, 0, said);
  return out;
}

t.test('an imported catalogue is what /api/category, its products and the order form show', async (t) => {
  const installation = await buildApp({
    data: otherCatalogue(),
    now: UPSTREAM_NOW,
    credentials: { apiId: UPSTREAM_ID, apiKey: UPSTREAM_KEY },
  });
  t.teardown(() => installation.close());
  const origin = await installation.listen({ port: 0, host: '127.0.0.1' });
  const app = await build(t, { fixturesDir: await importInto(t, origin) });

  const body = assertAnswer(t, await door(app, 'GET', '/category'), 'getCategory');
  const names = (body.categories as Row[]).map((c) => c.name);
  t.strictSame(names, [
    'Imported Shared Hosting',
    'Imported Europe (Frankfurt)',
    'Imported North America (Dallas)',
    'Imported VPS Hosting',
    'Imported Amsterdam',
    'Imported New York',
    'Imported SSL Certificates',
    'Imported Managed Services',
  ]);
  const products = assertAnswer(t, await door(app, 'GET', '/category/7/product'), 'getCategoryCategoryIdProduct');
  t.match(products.products, [{ id: '4', name: 'EU Starter (installation)', prices: { m: '7.77' } }, { id: '5' }]);
  const order = assertAnswer(t, await door(app, 'GET', '/order/4'), 'getOrderProductId');
  t.match(order.product, { name: 'EU Starter (installation)', category_name: 'Imported Europe (Frankfurt)' });
  t.match((order.product as { config: { product: Array<{ items: Row[] }> } }).config.product[0].items[0], {
    value: 'm',
    price: '7.77',
    formatted: '$7.77 USD Monthly',
  });
});
