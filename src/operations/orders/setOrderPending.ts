import { defineMutation } from '../operation.js';
import { markOrderPending } from '../../domain/orderStatus.js';
import { requireOrder } from '../../domain/orders.js';
import type { SetOrderPendingRequest, SetOrderPendingResult } from '../../generated/wire.js';

export default defineMutation<SetOrderPendingRequest, SetOrderPendingResult & { info: string[] }>({
  mutates: true,
  run({ id }, { world }) {
    markOrderPending(world, requireOrder(world, id));
    return { info: [`Order #${id} marked Pending`] };
  },
});
