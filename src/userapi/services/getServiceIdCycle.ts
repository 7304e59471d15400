import { callerOf, defineRead } from '../route.js';
import { customerService, serviceCycles } from '../../domain/customerServices.js';
import { cycleCode } from '../../domain/cycles.js';
import type { UserApiGetServiceIdCycleAnswer, UserApiGetServiceIdCycleInput } from '../../generated/wire.js';

export default defineRead<UserApiGetServiceIdCycleInput, UserApiGetServiceIdCycleAnswer>({
  run({ id }, ctx) {
    const account = customerService(ctx.world, callerOf(ctx).clientId, id);
    return { cycles: serviceCycles(ctx.world, account), current: cycleCode(account.billingcycle) ?? '' };
  },
});
