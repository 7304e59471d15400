import t from 'tap';
import { api, assertSuccess, build, sameEverywhere, readContext } from '../../helpers/app.js';
import { idRefusals, refusals } from '../../helpers/refusals.js';
import getProductUpgrades from '../../../src/operations/services/getProductUpgrades.js';
import { Seed, World } from '../../../src/store/world.js';
import { loadFixtures } from '../../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../../src/paths.js';

const CALL = 'getProductUpgrades';

t.test("getProductUpgrades lists a product's upgrades in the published shape, assigned on the first only", async (t) => {
  const app = await build(t);
  const body = await sameEverywhere(t, app, CALL, { id: '8' });
  assertSuccess(t, body, CALL);
  t.strictSame(body, {
    success: true,
    upgrades: [
      { id: '9', name: 'VPS 2GB', catname: 'VPS Hosting', category_id: '2', assigned: true },
      { id: '10', name: 'VPS 4GB Amsterdam', catname: 'Amsterdam', category_id: '9' },
      { id: '11', name: 'VPS 4GB New York', catname: 'New York', category_id: '10' },
    ],
    call: CALL,
    server_time: body.server_time,
  });
  t.strictSame(Object.keys(body), ['success', 'upgrades', 'call', 'server_time'], "the published answer's key order");
  const [first, second] = body.upgrades as Record<string, unknown>[];
  t.strictSame(Object.keys(first), ['id', 'name', 'catname', 'category_id', 'assigned']);
  t.notOk('assigned' in second, 'later items have no assigned key at all, not false');
});

t.test("getProductUpgrades follows the order of the product's upgrades field; none answers an empty list", async (t) => {
  const app = await build(t);
  const legacy = assertSuccess(t, await api(app, CALL, { id: '19' }), CALL);
  t.strictSame(legacy.upgrades, [
    { id: '1', name: 'Starter Hosting', catname: 'Shared Hosting', category_id: '1', assigned: true },
    { id: '2', name: 'Business Hosting', catname: 'Shared Hosting', category_id: '1' },
  ]);
  const single = assertSuccess(t, await api(app, CALL, { id: '2' }), CALL);
  t.strictSame(single.upgrades, [{ id: '3', name: 'Ultimate Hosting', catname: 'Shared Hosting', category_id: '1', assigned: true }]);
  for (const id of ['3', '20']) t.strictSame(assertSuccess(t, await api(app, CALL, { id }), CALL), { upgrades: [] }, `product ${id}`);
});

t.test('getProductUpgrades skips listed ids that name no product', async (t) => {
  const world = new World(new Seed(loadFixtures(defaultFixturesDir)));
  world.transaction(() => world.replace('products', { ...world.get('products', '4')!, upgrades: ' 99, 5 ,,7' }));
  const result = getProductUpgrades.run({ id: '4' }, readContext(world));
  t.strictSame(result.upgrades, [
    { id: '5', name: 'EU Pro', catname: 'Europe (Frankfurt)', category_id: '7', assigned: true },
    { id: '7', name: 'NA Pro', catname: 'North America (Dallas)', category_id: '8' },
  ]);
});

refusals('getProductUpgrades refuses a missing, malformed or unknown product id', CALL, idRefusals('Product', 'vps'));
