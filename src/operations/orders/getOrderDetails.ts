import { defineOperation } from '../operation.js';
import { orderDetails, requireOrder } from '../../domain/orders.js';
import type { GetOrderDetailsRequest, GetOrderDetailsResult } from '../../generated/wire.js';

export default defineOperation<GetOrderDetailsRequest, GetOrderDetailsResult>({
  mutates: false,
  run({ id }, { world }) {
    return { details: orderDetails(world, requireOrder(world, id)) };
  },
});
