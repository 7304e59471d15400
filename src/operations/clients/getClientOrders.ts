import { defineOperation } from '../operation.js';
import { requireClient } from '../../domain/clients.js';
import { ORDER_LISTS, orderItem } from '../../domain/orders.js';
import { pageParams } from '../../lib/lists.js';
import type { GetClientOrdersRequest, GetClientOrdersResult } from '../../generated/wire.js';

export default defineOperation<GetClientOrdersRequest, GetClientOrdersResult>({
  mutates: false,
  run(params, { world }) {
    requireClient(world, params.id);
    const status = ORDER_LISTS[params.list ?? 'all'];
    const rows = world.where('orders', 'client_id', params.id).filter((order) => status === undefined || order.status === status);
    const { page, perpage } = pageParams(params);
    const { items, sorter } = world.newestPage('orders', rows, page, perpage);
    return { orders: items.map((order) => orderItem(world, order)), sorter };
  },
});
