import { defineMutation } from '../operation.js';
import { deleteOrder } from '../../domain/orderStatus.js';
import { requireOrder } from '../../domain/orders.js';
import type { DeleteOrderRequest, DeleteOrderResult } from '../../generated/wire.js';

export default defineMutation<DeleteOrderRequest, DeleteOrderResult & { info: string[] }>({
  mutates: true,
  run({ id }, { world }) {
    deleteOrder(world, requireOrder(world, id));
    return { info: [`Order #${id} deleted`] };
  },
});
