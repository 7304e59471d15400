import { callerOf, defineRead } from '../route.js';
import { affiliateSummary, requireAffiliateOf } from '../../domain/customerAffiliates.js';
import type { UserApiGetAffiliatesSummaryAnswer, UserApiGetAffiliatesSummaryInput } from '../../generated/wire.js';

export default defineRead<UserApiGetAffiliatesSummaryInput, UserApiGetAffiliatesSummaryAnswer>({
  run(_input, ctx) {
    return { affiliate: affiliateSummary(ctx.world, requireAffiliateOf(ctx.world, callerOf(ctx).clientId)) };
  },
});
