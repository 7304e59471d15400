import { callerOf, defineRead } from '../route.js';
import { customerDomainNamed, domainView } from '../../domain/customerDomains.js';
import type { UserApiGetDomainNameNameAnswer, UserApiGetDomainNameNameInput } from '../../generated/wire.js';

export default defineRead<UserApiGetDomainNameNameInput, UserApiGetDomainNameNameAnswer>({
  run({ name }, ctx) {
    return { domain: domainView(ctx.world, customerDomainNamed(ctx.world, callerOf(ctx).clientId, name)) };
  },
});
