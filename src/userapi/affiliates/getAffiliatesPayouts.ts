import { callerOf, defineRead } from '../route.js';
import { affiliateCurrency, requireAffiliateOf } from '../../domain/customerAffiliates.js';
import { doorPage } from '../../lib/lists.js';
import type { UserApiGetAffiliatesPayoutsAnswer, UserApiGetAffiliatesPayoutsInput } from '../../generated/wire.js';

export default defineRead<UserApiGetAffiliatesPayoutsInput, UserApiGetAffiliatesPayoutsAnswer>({
  run({ page = 1 }, ctx) {
    const affiliate = requireAffiliateOf(ctx.world, callerOf(ctx).clientId);
    // billsim keeps only the sum withdrawn, not each payout: the list is empty, the sum says what was paid out.
    return {
      payouts: [],
      total_withdrawn: affiliate.total_withdrawn,
      currency: affiliateCurrency(ctx.world, affiliate),
      page: doorPage([], page).page,
    };
  },
});
