import t from 'tap';
import { api, assertSuccess, build } from '../../helpers/app.js';
import { keyOrder } from '../../helpers/shapes.js';
import { idRefusals, refusals } from '../../helpers/refusals.js';
import { read, readEverywhere } from '../../helpers/reads.js';

const MODULE_METHODS = { Suspend: 'Suspend', Terminate: 'Terminate' };

t.test("getAccountAddons lists an account's addons oldest first in the real shape", async (t) => {
  const app = await build(t);
  const result = await readEverywhere(t, app, 'getAccountAddons', { id: '2' });
  t.strictSame(result, {
    account_addons: [
      {
        id: '2',
        name: 'cPanel/WHM License',
        billingcycle: 'Annually',
        recurring_amount: '180.00',
        addon_id: '3',
        setup_fee: '0.00',
        status: 'Active',
        next_due: '2027-06-02',
        extra_details: [],
        module: 'class.cpanellicense.php',
        parentmod: 'class.cpanellicense.php',
        methods: MODULE_METHODS,
      },
      {
        id: '3',
        name: 'DDoS Protection',
        billingcycle: 'Annually',
        recurring_amount: '102.00',
        addon_id: '4',
        setup_fee: '25.00',
        status: 'Active',
        next_due: '2027-06-02',
        extra_details: [],
        module: 'class.ddosguard.php',
        parentmod: 'class.ddosguard.php',
        methods: MODULE_METHODS,
      },
    ],
  });
  keyOrder(
    t,
    (result.account_addons as object[])[0],
    'id name billingcycle recurring_amount addon_id setup_fee status next_due extra_details module parentmod methods',
  );
});

t.test('getAccountAddons: an account without addons, and an addon without a module', async (t) => {
  const app = await build(t);
  t.strictSame(await read(t, app, 'getAccountAddons', { id: '3' }), { account_addons: [] });
  // SSL Installation has no module: nothing to suspend or terminate, so methods is an empty list.
  assertSuccess(t, await api(app, 'addAddonToAccount', { account_id: '3', addon_id: '5' }), 'addAddonToAccount');
  const result = await read(t, app, 'getAccountAddons', { id: '3' });
  t.strictSame(result.account_addons, [
    {
      id: '5',
      name: 'SSL Installation',
      billingcycle: 'One Time',
      recurring_amount: '23.04',
      addon_id: '5',
      setup_fee: '0.00',
      status: 'Pending',
      next_due: '0000-00-00',
      extra_details: [],
      module: '',
      parentmod: '',
      methods: [],
    },
  ]);
});

refusals('getAccountAddons refuses a missing, malformed or unknown id', 'getAccountAddons', idRefusals('Account', 'abc'));
