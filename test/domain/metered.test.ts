import t from 'tap';
import { addQty, addUsageBulk, badUsageDates, meteredLines, newUsage, periodCents, usageCents } from '../../src/domain/metered.js';
import { ApiError } from '../../src/errors.js';
import { unitPriceCents } from '../../src/domain/money.js';
import { loadFixtures } from '../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../src/paths.js';
import { world } from '../helpers/world.js';
import type { MeteredUsage, MeteredVariable } from '../../src/generated/wire.js';

// The pricing of HostBill's metered billing guide: 0-10 free, 10-50 at 0.10, 50 and up at 0.20.
const prices = (id: string) => [
  { id: '1', variable_id: id, qty: '0', qty_max: '10', price: '0.0000' },
  { id: '2', variable_id: id, qty: '10', qty_max: '50', price: '0.1000' },
  { id: '3', variable_id: id, qty: '50', qty_max: '0', price: '0.2000' },
];
const variable = (scheme: 'tiered' | 'volume'): MeteredVariable => ({
  id: '1',
  product_id: '1',
  name: 'Transfer',
  variable_name: 'transfer',
  unit_name: 'GB',
  cycle: 'Monthly',
  scheme,
  options: '0',
  prices: prices('1'),
});
const usage = (qty: string, charge: string, charged: '0' | '1' = '0'): MeteredUsage => ({
  id: '1',
  account_id: '1',
  variable_id: '1',
  date_created: '2026-11-10 00:00:00',
  date_updated: '2026-11-10 00:00:00',
  qty,
  charge,
  charged,
  output: '',
  rawoutput: '',
  invoice_id: '0',
});

t.test('unitPriceCents: a quantity at a 4-decimal unit price, rounded half up to cents', async (t) => {
  t.equal(unitPriceCents('11', '0.1000'), 110);
  t.equal(unitPriceCents('1.5', '0.0333'), 5, '4.995 cents');
  t.equal(unitPriceCents('0', '5.0000'), 0);
  t.equal(unitPriceCents('0.7', '0.1500'), 11, '10.5 cents exactly, where floats make 10.4999');
});

t.test('addQty adds to 4 decimals and writes no trailing zeros', async (t) => {
  t.equal(addQty('0'), '0');
  t.equal(addQty('0.1', '0.2'), '0.3');
  t.equal(addQty('120', '0.0001'), '120.0001');
});

t.test('usageCents: tiered by the bracket of the record, on the day before and of each boundary', async (t) => {
  const tiered = variable('tiered');
  t.equal(usageCents(tiered, '9', '0'), 0, '9: the free bracket');
  t.equal(usageCents(tiered, '10', '0'), 100, '10: the 10-50 bracket starts at its qty');
  t.equal(usageCents(tiered, '49', '500'), 490, 'what came before does not matter');
  t.equal(usageCents(tiered, '50', '0'), 1000, '50: the open bracket');
  t.equal(usageCents(tiered, '55', '0'), 1100);
});

t.test("usageCents: volume by the bracket of the period's total with the record", async (t) => {
  const volume = variable('volume');
  t.equal(usageCents(volume, '4', '5'), 0, 'total 9: free');
  t.equal(usageCents(volume, '5', '5'), 50, 'total 10: the second bracket');
  t.equal(usageCents(volume, '5', '45'), 100, 'total 50: the open bracket');
});

t.test("periodCents: tiered sums the records; volume prices the total, keeping the caller's charges", async (t) => {
  const records = [usage('4', '0.00'), usage('11', '1.10'), usage('55', '11.00')];
  t.equal(periodCents(variable('tiered'), records), 1210);
  t.equal(periodCents(variable('volume'), records), 1400, '70 GB at 0.20');
  t.equal(periodCents(variable('volume'), [usage('4', '0.00'), usage('3', '7.50', '1')]), 750, '4 GB free, plus the 7.50 given');
  t.equal(periodCents(variable('volume'), []), 0);
});

t.test('meteredLines: one line per variable of the records dated before the day', async (t) => {
  const seed = loadFixtures(defaultFixturesDir);
  const w = world({
    products: [{ ...seed.products.find((p) => p.id === '17')!, id: '1' }],
    accounts: [{ product_id: '1' }],
    metered_variables: [
      variable('tiered'),
      { ...variable('volume'), id: '2', name: 'Storage', variable_name: 'storage', prices: prices('2') },
    ],
    metered_usage: [
      usage('11', '1.10'),
      { ...usage('20', '0.00'), id: '2', variable_id: '2' },
      { ...usage('55', '11.00'), id: '3', date_created: '2026-12-01 00:00:00' },
    ],
  });
  const service = w.get('accounts', '1')!;
  const { lines, records } = meteredLines(w, service, w.get('products', '1')!, '2026-12-01');
  t.strictSame(lines, [
    { type: 'Metered', item_id: '1', description: 'Managed Backup - Transfer: 11 GB', amount: '1.10', taxed: true },
    { type: 'Metered', item_id: '1', description: 'Managed Backup - Storage: 20 GB', amount: '2.00', taxed: true },
  ]);
  t.strictSame(
    records.map((r) => r.id),
    ['1', '2'],
    'the record of the day itself waits for the next period',
  );
  t.strictSame(
    meteredLines(w, service, w.get('products', '1')!, '2026-11-10'),
    { lines: [], records: [] },
    'nothing before the first record',
  );
});

// A service (1) of a product measuring tiered transfer and volume storage.
const twoVariables = () =>
  world({
    accounts: [{ product_id: '1' }],
    metered_variables: [
      variable('tiered'),
      { ...variable('volume'), id: '2', name: 'Storage', variable_name: 'storage', prices: prices('2') },
    ],
    metered_usage: [{ ...usage('40', '0.00'), variable_id: '2' }],
  });
const NOW = new Date('2026-11-20T12:00:00Z');

t.test('newUsage: dated now unless given, updated when created unless given, texts empty unless given', async (t) => {
  const v = variable('tiered');
  t.strictSame(newUsage(v, { qty: '2' }, NOW), {
    variable: v,
    qty: '2',
    charge: undefined,
    dateCreated: '2026-11-20 12:00:00',
    dateUpdated: '2026-11-20 12:00:00',
    output: '',
    rawoutput: '',
  });
  const given = newUsage(v, { qty: '2', charge: '1', output: 'o', rawoutput: 'r', date_created: '2026-11-01 00:00:00' }, NOW);
  t.equal(given.dateUpdated, '2026-11-01 00:00:00', 'updated when created');
  t.equal(given.charge, '1');
});

t.test('badUsageDates names every impossible date by the name it is given', async (t) => {
  t.strictSame(
    badUsageDates({ qty: '1', date_created: '2026-02-28 23:59:59', date_updated: '2026-02-29 00:00:00' }, (k) => `v[${k}]`),
    ['Parameter v[date_updated] must be a real date and time as YYYY-MM-DD HH:MM:SS'],
  );
  t.strictSame(
    badUsageDates({ qty: '1' }, (k) => k),
    [],
  );
});

t.test('addUsageBulk records each variable by its own scheme and answers the ids by name, in the order given', async (t) => {
  const w = twoVariables();
  const service = w.get('accounts', '1')!;
  const ids = w.transaction(() => addUsageBulk(w, service, { storage: { qty: '20' }, transfer: { qty: '11', charge: '0.50' } }, NOW));
  t.strictSame(ids, { storage: '2', transfer: '3' });
  t.strictSame(Object.keys(ids), ['storage', 'transfer']);
  const records = w.where('metered_usage', 'account_id', '1');
  t.strictSame(
    records.map((r) => [r.id, r.variable_id, r.qty, r.charge, r.charged]),
    [
      ['1', '2', '40', '0.00', '0'],
      ['2', '2', '20', '4.00', '0'],
      ['3', '1', '11', '0.50', '1'],
    ],
    "volume: 20 more on the period's 40 make 60, so the 20 cost the 50+ bracket's 0.20 each; the given charge kept",
  );
});

t.test('addUsageBulk refuses every unknown variable and bad date together, recording nothing', async (t) => {
  const w = twoVariables();
  const service = w.get('accounts', '1')!;
  const before = w.where('metered_usage', 'account_id', '1').length;
  t.throws(
    () =>
      w.transaction(() =>
        addUsageBulk(
          w,
          service,
          { transfer: { qty: '1', date_created: '2026-13-01 00:00:00' }, bandwidth: { qty: '1' }, disk: { qty: '2' } },
          NOW,
        ),
      ),
    new ApiError([
      'Variable bandwidth is not a metered variable of product 1: use one of transfer, storage',
      'Variable disk is not a metered variable of product 1: use one of transfer, storage',
      'Parameter variables[transfer][date_created] must be a real date and time as YYYY-MM-DD HH:MM:SS',
    ]),
  );
  t.equal(w.where('metered_usage', 'account_id', '1').length, before, 'nothing recorded');
});
