import { defineOperation } from '../operation.js';
import { ORDER_LISTS, orderItem } from '../../domain/orders.js';
import { pageParams } from '../../lib/lists.js';
import type { GetOrdersRequest, GetOrdersResult } from '../../generated/wire.js';

export default defineOperation<GetOrdersRequest, GetOrdersResult>({
  mutates: false,
  run(params, { world }) {
    const status = ORDER_LISTS[params.list ?? 'all'];
    const rows = status ? world.where('orders', 'status', status) : world.all('orders');
    const { page, perpage } = pageParams(params);
    const { items, sorter } = world.newestPage('orders', rows, page, perpage);
    return { orders: items.map((order) => orderItem(world, order)), sorter };
  },
});
