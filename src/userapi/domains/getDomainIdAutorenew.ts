import { callerOf, defineRead } from '../route.js';
import { customerDomain } from '../../domain/customerDomains.js';
import type { UserApiGetDomainIdAutorenewAnswer, UserApiGetDomainIdAutorenewInput } from '../../generated/wire.js';

export default defineRead<UserApiGetDomainIdAutorenewInput, UserApiGetDomainIdAutorenewAnswer>({
  run({ id }, ctx) {
    return { autorenew: customerDomain(ctx.world, callerOf(ctx).clientId, id).autorenew };
  },
});
