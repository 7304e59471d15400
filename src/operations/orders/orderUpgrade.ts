import { defineMutation } from '../operation.js';
import { notFound } from '../../errors.js';
import { requireService } from '../../domain/services.js';
import { placeUpgrade, upgradeCheckout } from '../../domain/upgrades.js';
import type { OrderUpgradeRequest, OrderUpgradeResult } from '../../generated/wire.js';

export default defineMutation<OrderUpgradeRequest, OrderUpgradeResult & { info: string[] }>({
  mutates: true,
  run(p, { world, now }) {
    const account = requireService(world, p.id);
    const productId = p.new ?? account.product_id;
    const target = world.get('products', productId) ?? notFound('Product', productId);
    const upgrade = placeUpgrade(world, { account, target, cycle: p.new_billing, gatewayId: p.module, now });
    // The published checkout mixes strings and numbers; kept as published.
    return { checkout: upgradeCheckout(upgrade), info: ['upgrade_order_success'] };
  },
});
