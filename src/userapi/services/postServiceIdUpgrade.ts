import { callerOf, defineWrite } from '../route.js';
import { customerService } from '../../domain/customerServices.js';
import { placeConfigUpgrade } from '../../domain/configUpgrades.js';
import { cycleCode } from '../../domain/cycles.js';
import { placeUpgrade, UPGRADE_ORDERED } from '../../domain/upgrades.js';
import { ApiError, messages } from '../../errors.js';
import type { UserApiPostServiceIdUpgradeAnswer, UserApiPostServiceIdUpgradeInput } from '../../generated/wire.js';

export default defineWrite<UserApiPostServiceIdUpgradeInput, UserApiPostServiceIdUpgradeAnswer>({
  run(input, ctx) {
    const account = customerService(ctx.world, callerOf(ctx).clientId, input.id);
    const moving = input.package !== undefined || input.cycle !== undefined;
    const problems = [
      ...(input.send === false ? [messages.upgradeEstimateUnsupported()] : []),
      ...(moving && input.resources ? [messages.upgradeOneKind()] : []),
      ...(!moving && !input.resources ? [messages.upgradeNothingSent()] : []),
    ];
    if (problems.length > 0) throw new ApiError(problems);
    const { now } = ctx;
    // A package or cycle change is orderUpgrade's rule, a resource change orderConfigUpgrade's.
    const { order, invoice } = input.resources
      ? placeConfigUpgrade(ctx.world, { account, values: input.resources, now, param: 'resources' })
      : placeUpgrade(ctx.world, {
          account,
          targetId: input.package,
          // Without a cycle the service keeps its own ("" when it has none, which the rule refuses by name).
          cycle: input.cycle ?? cycleCode(account.billingcycle) ?? 'Once',
          now,
          params: { product: 'package', cycle: 'cycle' },
        });
    return { order_id: order.id, order_num: order.number, invoice_id: invoice?.id ?? '0', info: [UPGRADE_ORDERED] };
  },
});
