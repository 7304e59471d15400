import { callerOf, defineRead } from '../route.js';
import { customerService } from '../../domain/customerServices.js';
import type { UserApiGetServiceIdLabelAnswer, UserApiGetServiceIdLabelInput } from '../../generated/wire.js';

export default defineRead<UserApiGetServiceIdLabelInput, UserApiGetServiceIdLabelAnswer>({
  run({ id }, ctx) {
    return { label: customerService(ctx.world, callerOf(ctx).clientId, id).label };
  },
});
