import { callerOf, defineRead } from '../route.js';
import { customerDomain } from '../../domain/customerDomains.js';
import { domainContacts } from '../../domain/domainRecords.js';
import type { UserApiGetDomainIdContactAnswer, UserApiGetDomainIdContactInput } from '../../generated/wire.js';

export default defineRead<UserApiGetDomainIdContactInput, UserApiGetDomainIdContactAnswer>({
  run({ id }, ctx) {
    return { contact_info: domainContacts(ctx.world, customerDomain(ctx.world, callerOf(ctx).clientId, id)) };
  },
});
