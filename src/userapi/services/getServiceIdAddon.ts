import { callerOf, defineRead } from '../route.js';
import { customerService } from '../../domain/customerServices.js';
import { accountAddonItem } from '../../domain/accounts.js';
import { orderableAddons } from '../../domain/addonOrders.js';
import { oldestFirst } from '../../lib/lists.js';
import type { UserApiGetServiceIdAddonAnswer, UserApiGetServiceIdAddonInput } from '../../generated/wire.js';

export default defineRead<UserApiGetServiceIdAddonInput, UserApiGetServiceIdAddonAnswer>({
  run({ id }, ctx) {
    const { world } = ctx;
    const account = customerService(world, callerOf(ctx).clientId, id);
    // Oldest first, as getAccountAddons lists them.
    const addons = oldestFirst(world.where('account_addons', 'account_id', account.id)).map((row) => accountAddonItem(world, row));
    const available = orderableAddons(world, account).map(({ addon, cycles }) => ({
      id: addon.id,
      name: addon.name,
      description: addon.description,
      paytype: addon.paytype,
      cycles,
    }));
    return { addons, available };
  },
});
