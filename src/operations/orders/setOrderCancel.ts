import { defineMutation } from '../operation.js';
import { cancelOrder } from '../../domain/orderStatus.js';
import { requireOrder } from '../../domain/orders.js';
import type { SetOrderCancelRequest, SetOrderCancelResult } from '../../generated/wire.js';

export default defineMutation<SetOrderCancelRequest, SetOrderCancelResult & { info: string[] }>({
  mutates: true,
  run({ id }, { world }) {
    cancelOrder(world, requireOrder(world, id));
    return { info: [`Order #${id} marked Cancelled`] };
  },
});
