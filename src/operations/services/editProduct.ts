import { defineMutation } from '../operation.js';
import { Checks, notFound } from '../../errors.js';
import { applySettings, checkSettings } from '../../domain/productSettings.js';
import type { EditProductRequest, EditProductResult } from '../../generated/wire.js';

export default defineMutation<EditProductRequest, EditProductResult & { info: string[] }>({
  mutates: true,
  run({ id, ...settings }, { world }) {
    // The product and every setting are checked together: every problem in one answer, nothing written on a refusal.
    const checks = new Checks();
    const found = checks.value(() => world.get('products', id) ?? notFound('Product', id));
    checkSettings(checks, world, settings, found);
    const { product } = checks.settle({ product: found });
    world.replace('products', applySettings(product, settings));
    return { info: ['Product updated'] };
  },
});
