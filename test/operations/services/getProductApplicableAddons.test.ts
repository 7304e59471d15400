import t from 'tap';
import { build } from '../../helpers/app.js';
import { idRefusals, refusals } from '../../helpers/refusals.js';
import { read, readEverywhere } from '../../helpers/reads.js';
import { keyOrder } from '../../helpers/shapes.js';

const CALL = 'getProductApplicableAddons';

/** The whole catalogue, in getAddons' order, each addon's products written with leading commas. */
const CATALOGUE = [
  { id: '1', name: 'Dedicated IP Address', products: ',1,2,3,4,5,6,7,8,9' },
  { id: '2', name: 'Extra Backup Space 10GB', products: '' },
  { id: '3', name: 'cPanel/WHM License', products: ',8,9,10,11' },
  { id: '4', name: 'DDoS Protection', products: ',8,9,10,11,12' },
  { id: '5', name: 'SSL Installation', products: '' },
  { id: '6', name: 'Spam Filter Basic', products: '' },
  { id: '7', name: 'Website Builder Pro', products: ',1,2,3,19' },
];

t.test('getProductApplicableAddons nests the catalogue under addons.addons with the two booleans beside it', async (t) => {
  const app = await build(t);
  const result = await readEverywhere(t, app, CALL, { id: '8' });
  t.strictSame(result, { addons: { addons: CATALOGUE, applied: true, available: true } });
  keyOrder(t, result.addons, 'addons applied available');
  keyOrder(t, (result.addons as { addons: object[] }).addons[0], 'id name products');
});

t.test('the list is the same for every product, in getAddons order; `applied` says whether any goes with it', async (t) => {
  const app = await build(t);
  const addonIds = (await read(t, app, 'getAddons')).addons as Array<{ id: string }>;
  const tld = (await read(t, app, CALL, { id: '20', language_id: '1' })).addons as { addons: Array<{ id: string }>; applied: boolean };
  t.strictSame(
    tld.addons.map((a) => a.id),
    addonIds.map((a) => a.id),
  );
  t.equal(tld.applied, true, 'addons listing no product go with every product');
  // Limit every addon to product 1: none is then applied to product 8, and an empty catalogue has none available.
  const { world } = app.billsim.sessions.get('limited');
  world.transaction(() => {
    for (const addon of world.all('addons')) world.replace('addons', { ...addon, products: '1' });
  });
  const limited = await read(t, app, CALL, { id: '8' }, 'limited');
  t.strictSame([(limited.addons as { applied: boolean }).applied, (limited.addons as { available: boolean }).available], [false, true]);
  world.transaction(() => {
    for (const addon of [...world.all('addons')]) world.remove('addons', addon.id);
  });
  t.strictSame(await read(t, app, CALL, { id: '8' }, 'limited'), { addons: { addons: [], applied: false, available: false } });
});

refusals('a missing, malformed or unknown product is refused', CALL, idRefusals('Product', 'vps'));
