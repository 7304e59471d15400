import { callerOf, defineRead } from '../route.js';
import { customerService, serviceView } from '../../domain/customerServices.js';
import type { UserApiGetServiceIdAnswer, UserApiGetServiceIdInput } from '../../generated/wire.js';

export default defineRead<UserApiGetServiceIdInput, UserApiGetServiceIdAnswer>({
  run({ id }, ctx) {
    return { service: serviceView(ctx.world, customerService(ctx.world, callerOf(ctx).clientId, id)) };
  },
});
