import { defineMutation } from '../operation.js';
import { Checks } from '../../errors.js';
import { applySettings, blankProduct, checkSettings } from '../../domain/productSettings.js';
import type { AddProductRequest, AddProductResult } from '../../generated/wire.js';

export default defineMutation<AddProductRequest, AddProductResult & { info: string[] }>({
  mutates: true,
  run(params, { world }) {
    // Every parameter is checked before the product exists: a refusal creates nothing.
    const checks = new Checks();
    checkSettings(checks, world, params);
    checks.settle();
    const blank = blankProduct(world, world.nextId('products'), params.category_id, params.type, params.name);
    const product = world.insert('products', applySettings(blank, params));
    return { product_id: Number(product.id), info: ['Product added'] };
  },
});
