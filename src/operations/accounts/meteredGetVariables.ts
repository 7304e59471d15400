import { defineOperation } from '../operation.js';
import { notFound } from '../../errors.js';
import { productVariables } from '../../domain/metered.js';
import type { MeteredGetVariablesRequest, MeteredGetVariablesResult } from '../../generated/wire.js';

export default defineOperation<MeteredGetVariablesRequest, MeteredGetVariablesResult>({
  mutates: false,
  run({ product_id }, { world }) {
    if (!world.get('products', product_id)) notFound('Product', product_id);
    return { variables: [...productVariables(world, product_id)] };
  },
});
