import { callerOf, defineRead } from '../route.js';
import { customerDomain } from '../../domain/customerDomains.js';
import { fourNameservers } from '../../domain/domains.js';
import type { UserApiGetDomainIdNsAnswer, UserApiGetDomainIdNsInput } from '../../generated/wire.js';

export default defineRead<UserApiGetDomainIdNsInput, UserApiGetDomainIdNsAnswer>({
  run({ id }, ctx) {
    return { nameservers: fourNameservers(customerDomain(ctx.world, callerOf(ctx).clientId, id).nameservers) };
  },
});
