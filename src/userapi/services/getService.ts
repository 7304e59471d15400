import { callerOf, defineRead } from '../route.js';
import { serviceItem } from '../../domain/customerServices.js';
import { DEFAULT_PER_PAGE, doorPageInfo } from '../../lib/lists.js';
import type { UserApiGetServiceAnswer, UserApiGetServiceInput } from '../../generated/wire.js';

export default defineRead<UserApiGetServiceInput, UserApiGetServiceAnswer>({
  run({ page = 1 }, ctx) {
    const { world } = ctx;
    const rows = world.where('accounts', 'client_id', callerOf(ctx).clientId);
    const { items, sorter } = world.newestPage('accounts', rows, page - 1, DEFAULT_PER_PAGE);
    return { services: items.map((account) => serviceItem(world, account)), page: doorPageInfo(sorter) };
  },
});
