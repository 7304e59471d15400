// The written world: the installation's collections over billsim's defaults.
import t from 'tap';
import { assemble, BUNDLED_AS_IS, CATALOGUE } from '../../src/cli/import/world.js';
import { COLLECTION_NAMES, checkWorld, loadFixtures } from '../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../src/paths.js';
import type { Collections } from '../../src/generated/wire.js';

type Row = Record<string, unknown>;
const bundled = () => loadFixtures(defaultFixturesDir) as unknown as Record<string, Row[]>;

t.test('billsim defaults for what no read call shows; nothing of the bundled clients', async (t) => {
  const b = bundled();
  const imported = { currencies: [b.currencies[0]], order_pages: [], products: [], product_forms: [] };
  const { data, mended } = assemble(COLLECTION_NAMES, b, imported);
  t.strictSame(Object.keys(data).sort(), [...COLLECTION_NAMES].sort(), 'every collection');
  for (const name of BUNDLED_AS_IS) if (name !== 'metered_variables') t.strictSame(data[name], b[name], `${name}: bundled`);
  t.strictSame(data.metered_variables, [], "metered variables of the bundled world's products are dropped with them");
  t.strictSame(data.currencies, [b.currencies[0]], 'imported');
  t.strictSame(data.news, b.news, 'a catalogue collection not read keeps the bundled one');
  for (const name of ['clients', 'accounts', 'invoices', 'orders', 'tickets', 'emails', 'stubs', 'automation_log'])
    t.strictSame(data[name], [], `${name}: empty`);
  t.strictSame(
    data.product_automation.map((r) => r.product_id),
    ['0'],
    'only the every-product settings',
  );
  t.strictSame(
    data.tld_automation.map((r) => r.tld_id),
    ['0'],
  );
  t.strictSame(
    data.client_automation.map((r) => r.client_id),
    ['0'],
  );
  t.strictSame(mended, [], 'nothing imported named a missing record');
  t.strictSame(checkWorld(data as unknown as Collections, 'imported').problems, [], 'a world that loads');
  t.ok(CATALOGUE.includes('products'));
});

t.test('an imported record naming a record not imported names none ("0")', async (t) => {
  const b = bundled();
  const order: Row = { ...b.orders[0], invoice_id: '999' };
  const { data, mended } = assemble(COLLECTION_NAMES, b, { orders: [order], clients: b.clients.filter((c) => c.id === order.client_id) });
  t.equal(data.orders[0].invoice_id, '0');
  t.strictSame(mended, [`orders ${order.id}: invoice_id 999 names no invoice in invoices.json; set to "0"`]);
});
