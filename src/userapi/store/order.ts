// What the two order routes share: placing the order read from the input, and its answer.
import { callerOf, type RouteContext } from '../route.js';
import { type CustomerOrderInput, placeCustomerOrder, readCustomerOrder } from '../../domain/customerOrders.js';
import { requireClient } from '../../domain/clients.js';
import type { UserApiPostOrderAnswer } from '../../generated/wire.js';
import type { World } from '../../store/world.js';

/** Places the caller's client's order; `single`: the route of one product, whose refusals name no item. */
export function placeFromInput(input: CustomerOrderInput, ctx: RouteContext<World>, single: boolean): UserApiPostOrderAnswer {
  const { world, now } = ctx;
  const client = requireClient(world, callerOf(ctx).clientId);
  const order = readCustomerOrder(world, client, input, now, single);
  const { planned, items, info } = placeCustomerOrder(world, client, order, now);
  return {
    order_num: planned.order.number,
    order_id: planned.order.id,
    invoice_id: planned.order.invoice_id,
    total: planned.order.total,
    items: items.map(({ id, type, product_id, name }) => ({ id, type, product_id, name })),
    info,
  };
}
