import { callerOf, defineRead } from '../route.js';
import { affiliateCommission, requireAffiliateOf } from '../../domain/customerAffiliates.js';
import { DEFAULT_PER_PAGE, doorPageInfo } from '../../lib/lists.js';
import type { UserApiGetAffiliatesCommissionsAnswer, UserApiGetAffiliatesCommissionsInput } from '../../generated/wire.js';

export default defineRead<UserApiGetAffiliatesCommissionsInput, UserApiGetAffiliatesCommissionsAnswer>({
  run({ page = 1 }, ctx) {
    const { world } = ctx;
    const affiliate = requireAffiliateOf(world, callerOf(ctx).clientId);
    const rows = world.where('affiliate_referrals', 'affiliate_id', affiliate.id);
    const { items, sorter } = world.newestPage('affiliate_referrals', rows, page - 1, DEFAULT_PER_PAGE);
    return { commissions: items.map(affiliateCommission), page: doorPageInfo(sorter) };
  },
});
