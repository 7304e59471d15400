import t from 'tap';
import { Seed, World } from '../../src/store/world.js';
import { loadFixtures } from '../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../src/paths.js';
import { ApiError } from '../../src/errors.js';
import { placeConfigUpgrade } from '../../src/domain/configUpgrades.js';
import { applyUpgrades } from '../../src/domain/upgrades.js';
import { choicesOf, serviceCents, valuesOf } from '../../src/domain/productForms.js';

const seed = new Seed(loadFixtures(defaultFixturesDir));

// Account 2: VPS 1GB Annually 129.60, due 2027-06-02 (period 2026-06-02 to 2027-06-02, 365 days);
// Storage 25 GB SSD (0.00) and no extra IP. Two more IPs add 43.20 a year.
function twoIps(world: World, now: Date) {
  return placeConfigUpgrade(world, { account: world.get('accounts', '2')!, values: { '2': '2' }, now });
}

t.test('a config upgrade costs the price difference for the time left to the renewal: the day before and the day of', async (t) => {
  const dayBefore = new World(seed);
  dayBefore.transaction(() => {
    const { invoice, newTotalCents } = twoIps(dayBefore, new Date('2027-06-01T23:00:00Z'));
    t.equal(newTotalCents, 17280, '129.60 + 2 x 21.60');
    // 43.20 x 1 day / 365 = 0.118 -> 0.12
    t.equal(invoice?.subtotal, '0.12');
  });
  const dayOf = new World(seed);
  dayOf.transaction(() => {
    const { order, invoice } = twoIps(dayOf, new Date('2027-06-02T00:00:00Z'));
    t.equal(invoice, undefined, 'no time left on the due date: nothing to pay, no invoice');
    t.equal(order.status, 'Active');
    t.match(dayOf.get('accounts', '2'), { total: '172.80' }, 'the values apply at once');
  });
});

t.test('a cheaper category offsets a dearer one: the change is priced as a whole', async (t) => {
  const world = new World(seed);
  world.transaction(() => {
    const now = new Date('2026-11-20T12:00:00Z');
    applyUpgrades(world, placeConfigUpgrade(world, { account: world.get('accounts', '2')!, values: { '1': '3' }, now }).order);
    // 100 GB (108.00) down to 50 GB (43.20) and 3 IPs (64.80) up: 129.60 + 43.20 + 64.80 = 237.60, no change.
    const again = placeConfigUpgrade(world, { account: world.get('accounts', '2')!, values: { '1': '2', '2': '3' }, now });
    t.equal(again.invoice, undefined);
    t.equal(again.newTotalCents, 23760);
  });
});

t.test('options count on the service product only, priced on its cycle in its currency', async (t) => {
  const world = new World(seed);
  const account = world.get('accounts', '2')!;
  const product = world.get('products', '8')!;
  const choices = choicesOf(world, [{ id: '9', account_id: '2', form_id: '2', item_id: '4', qty: '3' }]);
  t.equal(serviceCents(world, product, 'm', '0', choices), 1200 + 600, 'monthly: 12.00 + 3 x 2.00');
  t.equal(serviceCents(world, product, 'a', '0', []), 12960);
  t.strictSame(valuesOf(world, { ...account, product_id: '9' }), [], "values of another product's forms count for nothing");
});

t.test('a refusal names every problem and changes nothing', async (t) => {
  const world = new World(seed);
  const before = JSON.stringify(world.all('orders'));
  const account = world.get('accounts', '2')!;
  t.throws(
    () => world.transaction(() => placeConfigUpgrade(world, { account, values: { '1': '9', '2': '12' }, gatewayId: '5', now: new Date() })),
    new ApiError([
      'Parameter new[1]: Storage has no item 9; its items are: 1, 2, 3',
      'Parameter new[2]: Extra IPs takes a quantity from 0 to 8, not 12',
      'Gateway 5 (Mollie) is disabled: give an enabled payment gateway as module',
    ]),
  );
  t.equal(JSON.stringify(world.all('orders')), before);
});
