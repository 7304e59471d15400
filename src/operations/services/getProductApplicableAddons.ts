import { defineOperation } from '../operation.js';
import { notFound } from '../../errors.js';
import { applicableAddons } from '../../domain/addons.js';
import type { GetProductApplicableAddonsRequest, GetProductApplicableAddonsResult } from '../../generated/wire.js';

export default defineOperation<GetProductApplicableAddonsRequest, GetProductApplicableAddonsResult>({
  mutates: false,
  run({ id }, { world }) {
    const product = world.get('products', id) ?? notFound('Product', id);
    return { addons: applicableAddons(world, product.id) };
  },
});
