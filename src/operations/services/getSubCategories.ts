import { defineOperation } from '../operation.js';
import { byPageOrder, orderPageOrThrow, productCount, subPageCount } from '../../domain/catalogue.js';
import type { GetSubCategoriesRequest, GetSubCategoriesResult } from '../../generated/wire.js';

export default defineOperation<GetSubCategoriesRequest, GetSubCategoriesResult>({
  mutates: false,
  run({ id }, { world }) {
    orderPageOrThrow(world, id);
    const pages = [...world.where('order_pages', 'parent_id', id)].sort(byPageOrder);
    return {
      subcategories: pages.map((page) => ({
        id: page.id,
        parent_id: page.parent_id,
        contains: page.contains,
        name: page.name,
        description: page.description,
        visible: page.visible,
        slug: page.slug,
        sort_order: page.sort_order,
        template: page.template,
        ctype: page.ctype,
        ptype: page.ptype,
        lptype: page.lptype,
        otype: page.otype,
        products: productCount(world, page.id),
        subcategories: subPageCount(world, page.id),
        ptype_id: page.ptype_id,
      })),
    };
  },
});
