import { callerOf, defineWrite } from '../route.js';
import { customerService, setServiceLabel } from '../../domain/customerServices.js';
import { messages } from '../../errors.js';
import type { UserApiPostServiceIdLabelAnswer, UserApiPostServiceIdLabelInput } from '../../generated/wire.js';

export default defineWrite<UserApiPostServiceIdLabelInput, UserApiPostServiceIdLabelAnswer>({
  run({ id, label }, ctx) {
    const account = setServiceLabel(ctx.world, customerService(ctx.world, callerOf(ctx).clientId, id), label);
    return { label: account.label, info: [messages.serviceLabelSet(account.id)] };
  },
});
