import { callerOf, defineRead } from '../route.js';
import { requireClient } from '../../domain/clients.js';
import { customerBalance } from '../../domain/customerBilling.js';
import type { UserApiGetBalanceAnswer, UserApiGetBalanceInput } from '../../generated/wire.js';

export default defineRead<UserApiGetBalanceInput, UserApiGetBalanceAnswer>({
  run(_input, ctx) {
    // A contact sees its client's balance: the invoices and credit are the client's.
    return { details: customerBalance(ctx.world, requireClient(ctx.world, callerOf(ctx).clientId)) };
  },
});
