import { callerOf, defineWrite } from '../route.js';
import { customerService } from '../../domain/customerServices.js';
import { placeUpgrade } from '../../domain/upgrades.js';
import { messages } from '../../errors.js';
import type { UserApiPostServiceIdCycleAnswer, UserApiPostServiceIdCycleInput } from '../../generated/wire.js';

export default defineWrite<UserApiPostServiceIdCycleInput, UserApiPostServiceIdCycleAnswer>({
  run({ id, cycle }, ctx) {
    const account = customerService(ctx.world, callerOf(ctx).clientId, id);
    // A change of cycle is orderUpgrade's move onto the same product.
    const { order, invoice } = placeUpgrade(ctx.world, { account, cycle, now: ctx.now, params: { product: 'package', cycle: 'cycle' } });
    return {
      order_id: order.id,
      order_num: order.number,
      invoice_id: invoice?.id ?? '0',
      info: [messages.serviceChangesSaved(account.id)],
    };
  },
});
