import t from 'tap';
import { firstFreeLineId, lineDate, lineTotal, withTotals } from '../../src/domain/invoiceLines.js';
import { Seed, World } from '../../src/store/world.js';
import { loadFixtures } from '../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../src/paths.js';

const doc = (items: Array<{ amount: string; qty: string; taxed: string }>, taxrate = '20.00', taxrate2 = '0.00', credit = '0.00') => ({
  items: items.map((item, i) => ({ id: String(i + 1), ...item })),
  taxrate,
  taxrate2,
  credit,
  subtotal: '',
  tax: '',
  tax2: '',
  total: '',
});

t.test('totals follow the lines, taxes rounded once per document', async (t) => {
  // Three taxed lines of 0.05 at 10%: per line 0.005 each would round to 0.01 x 3; once per document it is 0.015 -> 0.02.
  const three = withTotals(
    doc(
      [0, 1, 2].map(() => ({ amount: '0.05', qty: '1', taxed: '1' })),
      '10.00',
    ),
  );
  t.strictSame([three.subtotal, three.tax, three.total], ['0.15', '0.02', '0.17']);
  const mixed = withTotals(
    doc(
      [
        { amount: '10.00', qty: '2', taxed: '1' },
        { amount: '5.50', qty: '1', taxed: '0' },
      ],
      '20.00',
      '5.00',
    ),
  );
  t.strictSame([mixed.subtotal, mixed.tax, mixed.tax2, mixed.total], ['25.50', '4.00', '1.00', '30.50'], 'both taxes on taxed lines only');
  const credited = withTotals(doc([{ amount: '10.00', qty: '1', taxed: '0' }], '0.00', '0.00', '15.00'));
  t.equal(credited.total, '0.00', 'credit never takes the total below zero');
  const discounted = withTotals(
    doc([
      { amount: '10.00', qty: '1', taxed: '1' },
      { amount: '-20.00', qty: '1', taxed: '1' },
    ]),
  );
  t.strictSame([discounted.tax, discounted.subtotal], ['0.00', '-10.00'], 'a discount larger than the taxed lines leaves no negative tax');
});

t.test('line totals, line dates and the next free line id', async (t) => {
  t.equal(lineTotal('9.95', '3'), 29.85);
  t.equal(lineTotal('60.00', '1.5'), 90);
  t.equal(lineDate('2026-11-20'), '20/11/2026');
  t.equal(lineDate('2026-11-20 10:00:00'), '20/11/2026');
  const world = new World(new Seed(loadFixtures(defaultFixturesDir)));
  const max = Math.max(...world.all('invoices').flatMap((inv) => inv.items.map((item) => Number(item.id))));
  t.equal(firstFreeLineId(world, 'invoices'), max + 1, 'one past the highest line id of any invoice');
});
