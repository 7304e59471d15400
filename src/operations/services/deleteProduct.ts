import { defineMutation } from '../operation.js';
import { notFound } from '../../errors.js';
import { removeProduct } from '../../domain/productEdits.js';
import type { DeleteProductRequest, DeleteProductResult } from '../../generated/wire.js';

export default defineMutation<DeleteProductRequest, DeleteProductResult & { info: string[] }>({
  mutates: true,
  run({ id }, { world }) {
    removeProduct(world, world.get('products', id) ?? notFound('Product', id));
    return { info: ['Product deleted'] };
  },
});
