import { defineOperation } from '../operation.js';
import { notFound } from '../../errors.js';
import { upgradeTargets } from '../../domain/upgrades.js';
import type { GetProductUpgradesRequest, GetProductUpgradesResult, ProductUpgrade } from '../../generated/wire.js';

export default defineOperation<GetProductUpgradesRequest, GetProductUpgradesResult>({
  mutates: false,
  run({ id }, { world }) {
    const product = world.get('products', id) ?? notFound('Product', id);
    const upgrades = upgradeTargets(world, product).map((target, n): ProductUpgrade => {
      const item: ProductUpgrade = {
        id: target.id,
        name: target.name,
        catname: world.get('order_pages', target.category_id)?.name ?? '',
        category_id: target.category_id,
      };
      // As published, only the first item says "assigned": the default target; the others lack the key.
      return n === 0 ? { ...item, assigned: true } : item;
    });
    return { upgrades };
  },
});
