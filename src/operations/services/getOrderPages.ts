import { defineOperation } from '../operation.js';
import { byPageOrder, productCount } from '../../domain/catalogue.js';
import type { GetOrderPagesRequest, GetOrderPagesResult } from '../../generated/wire.js';

// Top-level pages are those with parent_id "0"; the admin API lists hidden ones too.
export default defineOperation<GetOrderPagesRequest, GetOrderPagesResult>({
  mutates: false,
  run(_params, { world }) {
    const pages = [...world.where('order_pages', 'parent_id', '0')].sort(byPageOrder);
    return {
      categories: pages.map(({ id, name, description, visible, sort_order, template, ctype, ptype, lptype, otype, ptype_id }) => ({
        id,
        name,
        description,
        visible,
        sort_order,
        template,
        ctype,
        ptype,
        lptype,
        otype,
        products: productCount(world, id),
        ptype_id,
      })),
    };
  },
});
