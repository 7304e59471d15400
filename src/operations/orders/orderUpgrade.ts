import { defineMutation } from '../operation.js';
import { requireService } from '../../domain/services.js';
import { placeUpgrade, UPGRADE_ORDERED, upgradeCheckout } from '../../domain/upgrades.js';
import type { OrderUpgradeRequest, OrderUpgradeResult } from '../../generated/wire.js';

export default defineMutation<OrderUpgradeRequest, OrderUpgradeResult & { info: string[] }>({
  mutates: true,
  run(p, { world, now }) {
    const account = requireService(world, p.id);
    const upgrade = placeUpgrade(world, { account, targetId: p.new, cycle: p.new_billing, gatewayId: p.module, now });
    // The published checkout mixes strings and numbers; kept as published.
    return { checkout: upgradeCheckout(upgrade), info: [UPGRADE_ORDERED] };
  },
});
