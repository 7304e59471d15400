import { defineMutation } from '../operation.js';
import { requireOrder } from '../../domain/orders.js';
import type { SetOrderStatusRequest, SetOrderStatusResult } from '../../generated/wire.js';

// As published, only the status field changes: no service, domain or invoice moves with it.
export default defineMutation<SetOrderStatusRequest, SetOrderStatusResult & { info: string[] }>({
  mutates: true,
  run({ id, status }, { world }) {
    world.replace('orders', { ...requireOrder(world, id), status });
    return { info: ['Order status changed'] };
  },
});
