import t from 'tap';
import { Seed, World } from '../../src/store/world.js';
import { loadFixtures } from '../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../src/paths.js';
import { ApiError } from '../../src/errors.js';
import { applyUpgrades, placeUpgrade, proRataCents } from '../../src/domain/upgrades.js';
import { moveService } from '../../src/domain/services.js';
import { noScanOf } from '../helpers/app.js';

const seed = new Seed(loadFixtures(defaultFixturesDir));
const NOW = new Date('2026-11-20T12:00:00Z');

function upgrade(world: World, accountId: string, productId: string, cycle: 'm' | 'a' | 'q') {
  const account = world.get('accounts', accountId)!;
  return placeUpgrade(world, { account, targetId: productId, cycle, now: NOW });
}

t.test('pro rata: the difference for the days left of the period, in whole cents, never negative', async (t) => {
  const same = { oldCycle: 'm', newCycle: 'm', nextDue: '2026-12-14', now: NOW } as const;
  t.equal(proRataCents({ ...same, oldCents: 895, newCents: 1600 }), 564, '(16.00 - 8.95) x 24 / 30');
  t.equal(proRataCents({ ...same, oldCents: 1600, newCents: 895 }), 0, 'a downgrade costs nothing');
  t.equal(proRataCents({ ...same, oldCents: 895, newCents: 895 }), 0);
  t.equal(proRataCents({ ...same, oldCents: 895, newCents: 1600, nextDue: '2026-11-20' }), 0, 'due today: no time left');
  t.equal(proRataCents({ ...same, oldCents: 895, newCents: 1600, nextDue: '2026-10-01' }), 0, 'overdue: no time left');
  t.equal(proRataCents({ ...same, oldCents: 895, newCents: 1600, nextDue: '0000-00-00' }), 0, 'never due');
  // One day left of a 30-day period (14 November to 14 December).
  const DAY_BEFORE = new Date('2026-12-13T23:59:00Z');
  t.equal(proRataCents({ ...same, oldCents: 0, newCents: 1000, now: DAY_BEFORE }), 33, '10.00 x 1/30 = 0.333 rounds to 0.33');
  t.equal(proRataCents({ ...same, oldCents: 0, newCents: 1500, now: DAY_BEFORE }), 50, '15.00 x 1/30 = 0.50 exactly');
  t.equal(proRataCents({ ...same, oldCents: 0, newCents: 45, now: DAY_BEFORE }), 2, '0.45 x 1/30 = 0.015 rounds half up');
  // Quarterly 52.53 (91 days ending 2026-12-20) to Monthly 18.43 (30 days): 18.43 - 52.53 x 30/91 = 1.1124.
  t.equal(proRataCents({ oldCents: 5253, oldCycle: 'q', newCents: 1843, newCycle: 'm', nextDue: '2026-12-20', now: NOW }), 111);
  // Monthly 18.00 (31 days ending 2026-11-25) to Hourly 0.03: 120 hours left, 3.60 - 18.00 x 120/744 = 0.6968.
  t.equal(proRataCents({ oldCents: 1800, oldCycle: 'm', newCents: 3, newCycle: 'h', nextDue: '2026-11-25', now: NOW }), 70);
});

t.test('applyUpgrades moves the service to the new product and cycle at the new price, once', async (t) => {
  const world = new World(seed);
  world.transaction(() => {
    const { order } = upgrade(world, '1', '3', 'm');
    const applied = applyUpgrades(world, order);
    t.equal(applied.upgrades[0].status, 'Upgraded');
    t.strictSame(world.get('orders', order.id), applied, 'the order is stored with its upgrade marked');
    t.match(world.get('accounts', '1'), {
      product_id: '3',
      billingcycle: 'Monthly',
      total: '16.00',
      mod: 'Cpanel2',
      next_due: '2026-12-14',
    });
    t.equal(applyUpgrades(world, applied), applied, 'applying again changes nothing');
  });
});

t.test('applyUpgrades prices the new cycle in the service currency and renames the module with the product', async (t) => {
  const world = new World(seed);
  world.transaction(() => {
    applyUpgrades(world, upgrade(world, '7', '9', 'm').order);
    t.match(world.get('accounts', '7'), {
      product_id: '9',
      billingcycle: 'Monthly',
      total: '18.43',
      currency_id: '1',
      next_due: '2026-12-20',
    });
    // Product 1 to 2 on the same cycle: cPanel both; the module name stays right either way.
    applyUpgrades(world, upgrade(world, '6', '2', 'a').order);
    t.match(world.get('accounts', '6'), { product_id: '2', billingcycle: 'Annually', total: '95.40' });
  });
});

t.test('applyUpgrades leaves a service closed in the meantime alone and cancels its upgrade', async (t) => {
  const world = new World(seed);
  world.transaction(() => {
    const { order } = upgrade(world, '1', '3', 'm');
    moveService(world, world.get('accounts', '1')!, 'terminate');
    const applied = applyUpgrades(world, order);
    t.equal(applied.upgrades[0].status, 'Cancelled');
    t.match(world.get('accounts', '1'), { product_id: '2', total: '8.95', status: 'Terminated' });
  });
});

t.test('an upgrade needs a recurring cycle on both sides', async (t) => {
  const world = new World(seed);
  world.transaction(() => {
    world.replace('accounts', { ...world.get('accounts', '1')!, billingcycle: 'One Time' });
    t.throws(
      () => upgrade(world, '1', '3', 'm'),
      new ApiError('Account 1 is billed One Time: only a service on a recurring cycle can be upgraded'),
    );
  });
});

t.test('a pending upgrade is found through an index of orders, never a scan', async (t) => {
  const world = new World(seed);
  noScanOf(world, 'orders');
  world.transaction(() => upgrade(world, '1', '3', 'm'));
  t.throws(
    () => world.transaction(() => upgrade(world, '1', '3', 'a')),
    new ApiError('Account 1 already has a pending upgrade in order 1022: activate or cancel that order first'),
  );
});
