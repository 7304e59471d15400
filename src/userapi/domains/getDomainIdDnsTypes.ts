import { callerOf, defineRead } from '../route.js';
import { customerDomain } from '../../domain/customerDomains.js';
import { DNS_TYPES } from '../../domain/domainRecords.js';
import type { UserApiGetDomainIdDnsTypesAnswer, UserApiGetDomainIdDnsTypesInput } from '../../generated/wire.js';

export default defineRead<UserApiGetDomainIdDnsTypesInput, UserApiGetDomainIdDnsTypesAnswer>({
  run({ id }, ctx) {
    customerDomain(ctx.world, callerOf(ctx).clientId, id);
    return { types: [...DNS_TYPES] };
  },
});
