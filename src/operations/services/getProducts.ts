import { defineOperation } from '../operation.js';
import { accountCount, orderPageOrThrow, prices } from '../../domain/catalogue.js';
import { priceViewFor } from '../../domain/currencies.js';
import { PRODUCT_LIST_CYCLES, SETUP_PRICES } from '../../domain/cycles.js';
import type { GetProductsItem, GetProductsRequest, GetProductsResult } from '../../generated/wire.js';

export default defineOperation<GetProductsRequest, GetProductsResult>({
  mutates: false,
  run({ id, currency_id, visible }, { world }) {
    orderPageOrThrow(world, id);
    const view = priceViewFor(world, currency_id);
    const rows = world.where('products', 'category_id', id).filter((p) => visible === undefined || p.visible === visible);
    // PHP's json_encode turns an empty array into [] and a keyed one into an object.
    if (rows.length === 0) return { products: [] };
    const products: Record<string, GetProductsItem> = {};
    for (const p of rows) {
      products[p.id] = {
        id: p.id,
        type: p.type,
        name: p.name,
        stock: p.stock,
        paytype: p.paytype,
        description: p.description,
        ...prices(p, SETUP_PRICES, view),
        ...prices(p, PRODUCT_LIST_CYCLES, view),
        qty: p.qty,
        visible: p.visible,
        ptype: p.ptype,
        accounts: accountCount(world, p.id),
      };
    }
    return { products };
  },
});
