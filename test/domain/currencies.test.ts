import t from 'tap';
import { fromMainCents, MAIN_CURRENCY_ID, priceViewFor, rateOf, requireCurrency } from '../../src/domain/currencies.js';
import { ApiError } from '../../src/errors.js';
import { Seed, World } from '../../src/store/world.js';
import { loadFixtures } from '../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../src/paths.js';

const data = loadFixtures(defaultFixturesDir);

t.test('rates come from the store, the main currency included', async (t) => {
  const world = new World(new Seed(data));
  t.equal(rateOf(world, MAIN_CURRENCY_ID), '1.0000');
  t.equal(rateOf(world, '1'), '0.9215');
  t.throws(() => rateOf(world, '9'), new ApiError('Currency 9 not found'));
  t.equal(requireCurrency(world, '2').code, 'GBP');
  const moved = data.currencies.map((c) => (c.id === '0' ? { ...c, rate: '2.0000' } : c));
  const other = new World(new Seed({ ...data, currencies: moved }));
  t.equal(rateOf(other, MAIN_CURRENCY_ID), '2.0000', "a world's own main rate is used, not a constant");
  t.equal(fromMainCents(other, 1000, '1'), 461, '10.00 at 2.0000 -> 0.9215 is 4.61 (half-cent rounding)');
});

t.test('prices shown in another currency are converted in whole cents', async (t) => {
  const world = new World(new Seed(data));
  t.equal(priceViewFor(world, undefined)('12.30'), '12.30');
  t.equal(priceViewFor(world, '0')('12.30'), '12.30');
  t.equal(priceViewFor(world, '1')('10.00'), '9.22', '10.00 x 0.9215 = 9.215 -> 9.22');
  t.equal(fromMainCents(world, 1000, '2'), 789);
  t.throws(() => priceViewFor(world, '7'), new ApiError('Currency 7 not found'));
});
