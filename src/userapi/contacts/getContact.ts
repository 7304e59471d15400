import { callerOf, defineRead } from '../route.js';
import { contactItems } from '../../domain/clients.js';
import { doorPage } from '../../lib/lists.js';
import type { UserApiGetContactAnswer, UserApiGetContactInput } from '../../generated/wire.js';

export default defineRead<UserApiGetContactInput, UserApiGetContactAnswer>({
  run({ page }, ctx) {
    const { items, page: at } = doorPage(contactItems(ctx.world, callerOf(ctx).clientId), page);
    return { contacts: items, page: at };
  },
});
