import { defineMutation } from '../operation.js';
import { placeConfigUpgrade } from '../../domain/configUpgrades.js';
import { UPGRADE_ORDERED, upgradeCheckout } from '../../domain/upgrades.js';
import { requireService } from '../../domain/services.js';
import type { OrderConfigUpgradeRequest, OrderConfigUpgradeResult } from '../../generated/wire.js';

export default defineMutation<OrderConfigUpgradeRequest, OrderConfigUpgradeResult & { info: string[] }>({
  mutates: true,
  run(p, { world, now }) {
    const account = requireService(world, p.id);
    const upgrade = placeConfigUpgrade(world, { account, values: p.new, gatewayId: p.module, now });
    // The published checkout mixes strings and numbers; kept as published.
    return { checkout: upgradeCheckout(upgrade), info: [UPGRADE_ORDERED] };
  },
});
