import t from 'tap';
import { api, assertSuccess, build } from '../../helpers/app.js';
import { idOrder } from '../../helpers/shapes.js';
import { NO_CYCLES, NO_SETUP } from '../../helpers/records.js';
import { read, readEverywhere } from '../../helpers/reads.js';

t.test('getAddons lists the catalogue by sort_order with the real fields, then the prices per cycle', async (t) => {
  const app = await build(t);
  const addons = (await readEverywhere(t, app, 'getAddons', {})).addons as Record<string, unknown>[];
  idOrder(t, addons, ['1', '2', '3', '4', '5', '6', '7'], 'every addon, hidden ones too');
  t.strictSame(addons[0], {
    id: '1',
    products: '1,2,3,4,5,6,7,8,9',
    name: 'Dedicated IP Address',
    description: 'An extra IPv4 address routed to your service.',
    visible: '1',
    unique: '1',
    taxable: '1',
    system: '0',
    hidden: '0',
    autosetup: '1',
    sort_order: '1',
    module: 'class.dedicatedip.php',
    parentactive: '1',
    modulename: 'Dedicated IP',
    paytype: 'Regular',
    ...NO_SETUP,
    ...NO_CYCLES,
    m: '3.00',
    q: '9.00',
    a: '36.00',
  });
  t.strictSame(
    Object.keys(addons[0]).slice(0, 14),
    [
      'id',
      'products',
      'name',
      'description',
      'visible',
      'unique',
      'taxable',
      'system',
      'hidden',
      'autosetup',
      'sort_order',
      'module',
      'parentactive',
      'modulename',
    ],
    "the real sample's fields first, in its order",
  );
  t.strictSame(
    [addons[3].m_setup, addons[3].a_setup, addons[3].b_setup, addons[3].q],
    ['25.00', '25.00', '0.00', '28.50'],
    'setup fees per cycle',
  );
  t.strictSame([addons[4].paytype, addons[4].m, addons[4].module], ['Once', '25.00', ''], 'a one-time addon keeps its price in m');
  t.strictSame([addons[5].paytype, addons[5].m], ['Free', '0.00']);
});

t.test('getAddons ignores unknown parameters', async (t) => {
  const app = await build(t);
  const result = await read(t, app, 'getAddons', { id: '3', page: 'x' });
  t.equal((result.addons as unknown[]).length, 7);
});

t.test('getAddons orders by sort_order as a number, then by id', async (t) => {
  const app = await build(t);
  // Reorder in one session, in-process: no API call edits the addon catalogue.
  const { world } = app.billsim.sessions.get('order');
  world.transaction(() => {
    world.replace('addons', { ...world.get('addons', '7')!, sort_order: '-10' });
    world.replace('addons', { ...world.get('addons', '2')!, sort_order: '3' });
  });
  const result = assertSuccess(t, await api(app, 'getAddons', {}, { session: 'order' }), 'getAddons');
  t.strictSame(
    (result.addons as { id: string }[]).map((a) => a.id),
    ['7', '1', '2', '3', '4', '5', '6'],
  );
});
