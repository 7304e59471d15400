import { callerOf, defineRead } from '../route.js';
import { customerDomain, domainView } from '../../domain/customerDomains.js';
import type { UserApiGetDomainIdAnswer, UserApiGetDomainIdInput } from '../../generated/wire.js';

export default defineRead<UserApiGetDomainIdInput, UserApiGetDomainIdAnswer>({
  run({ id }, ctx) {
    return { domain: domainView(ctx.world, customerDomain(ctx.world, callerOf(ctx).clientId, id)) };
  },
});
