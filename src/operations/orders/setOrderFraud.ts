import { defineMutation } from '../operation.js';
import { markOrderFraud } from '../../domain/orderStatus.js';
import { requireOrder } from '../../domain/orders.js';
import type { SetOrderFraudRequest, SetOrderFraudResult } from '../../generated/wire.js';

export default defineMutation<SetOrderFraudRequest, SetOrderFraudResult & { info: string[] }>({
  mutates: true,
  run({ id }, { world }) {
    markOrderFraud(world, requireOrder(world, id));
    return { info: [`Order #${id} marked Fraud`] };
  },
});
