import { callerOf, defineWrite } from '../route.js';
import { customerService } from '../../domain/customerServices.js';
import { requestCancellation } from '../../domain/cancellations.js';
import { messages } from '../../errors.js';
import type { UserApiPostServiceIdCancelAnswer, UserApiPostServiceIdCancelInput } from '../../generated/wire.js';

export default defineWrite<UserApiPostServiceIdCancelInput, UserApiPostServiceIdCancelAnswer>({
  run({ id, immediate = false, reason = '' }, ctx) {
    const account = customerService(ctx.world, callerOf(ctx).clientId, id);
    const request = requestCancellation(ctx.world, account, {
      immediate: immediate === true || immediate === '1' || immediate === 'true',
      reason,
      who: 'Client',
      now: ctx.now,
    });
    return { cancel_request: request, info: [messages.cancellationFiled()] };
  },
});
