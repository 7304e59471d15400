import { defineMutation } from '../operation.js';
import { activateOrder } from '../../domain/orderStatus.js';
import { requireOrder } from '../../domain/orders.js';
import type { SetOrderActiveRequest, SetOrderActiveResult } from '../../generated/wire.js';

export default defineMutation<SetOrderActiveRequest, SetOrderActiveResult & { info: string[] }>({
  mutates: true,
  run({ id }, { world, now }) {
    activateOrder(world, requireOrder(world, id), now);
    return { id, info: [`Order #${id} activated`] };
  },
});
