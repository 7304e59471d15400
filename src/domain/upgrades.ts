// Upgrades: what a service may move to, what the move costs for the rest of the
// current period, and applying it when its upgrade order is activated.
import type { World } from '../store/world.js';
import type { Order } from '../generated/wire.js';

/** Applies each Pending upgrade of an order to its service (product, cycle), and marks it Upgraded. */
export function applyUpgrades(world: World, order: Order): Order {
  if (order.upgrades.every((u) => u.status !== 'Pending')) return order;
  const upgrades = order.upgrades.map((upgrade) => {
    if (upgrade.status !== 'Pending') return upgrade;
    const account = world.get('accounts', upgrade.account_id);
    if (account) world.replace('accounts', { ...account, product_id: upgrade.new_product_id, billingcycle: upgrade.new_cycle });
    return { ...upgrade, status: 'Upgraded' as const };
  });
  return world.replace('orders', { ...order, upgrades });
}
