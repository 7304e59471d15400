import { callerOf, defineRead } from '../route.js';
import { customerService, serviceUpgrades } from '../../domain/customerServices.js';
import type { UserApiGetServiceIdUpgradeAnswer, UserApiGetServiceIdUpgradeInput } from '../../generated/wire.js';

export default defineRead<UserApiGetServiceIdUpgradeInput, UserApiGetServiceIdUpgradeAnswer>({
  run({ id }, ctx) {
    return serviceUpgrades(ctx.world, customerService(ctx.world, callerOf(ctx).clientId, id));
  },
});
