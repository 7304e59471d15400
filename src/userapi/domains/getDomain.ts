import { callerOf, defineRead } from '../route.js';
import { domainListItem } from '../../domain/customerDomains.js';
import { DEFAULT_PER_PAGE, doorPageInfo } from '../../lib/lists.js';
import type { UserApiGetDomainAnswer, UserApiGetDomainInput } from '../../generated/wire.js';

export default defineRead<UserApiGetDomainInput, UserApiGetDomainAnswer>({
  run({ page = 1 }, ctx) {
    const { world } = ctx;
    const rows = world.where('domains', 'client_id', callerOf(ctx).clientId);
    const { items, sorter } = world.newestPage('domains', rows, page - 1, DEFAULT_PER_PAGE);
    return { domains: items.map(domainListItem), page: doorPageInfo(sorter) };
  },
});
