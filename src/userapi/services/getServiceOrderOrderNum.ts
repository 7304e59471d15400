import { callerOf, defineRead } from '../route.js';
import { orderService } from '../../domain/customerServices.js';
import type { UserApiGetServiceOrderOrderNumAnswer, UserApiGetServiceOrderOrderNumInput } from '../../generated/wire.js';

export default defineRead<UserApiGetServiceOrderOrderNumInput, UserApiGetServiceOrderOrderNumAnswer>({
  run({ order_num }, ctx) {
    return { account_id: orderService(ctx.world, callerOf(ctx).clientId, order_num).id };
  },
});
