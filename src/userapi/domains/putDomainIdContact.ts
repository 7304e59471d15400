import { callerOf, defineWrite } from '../route.js';
import { customerDomain, requireHeld } from '../../domain/customerDomains.js';
import { setDomainContacts } from '../../domain/domainRecords.js';
import { messages } from '../../errors.js';
import type { UserApiPutDomainIdContactAnswer, UserApiPutDomainIdContactInput } from '../../generated/wire.js';

export default defineWrite<UserApiPutDomainIdContactInput, UserApiPutDomainIdContactAnswer>({
  run({ id, contact_info }, ctx) {
    const domain = customerDomain(ctx.world, callerOf(ctx).clientId, id);
    requireHeld(domain, 'given other contacts');
    return { contact_info: setDomainContacts(ctx.world, domain, contact_info), info: [messages.domainContactsSaved(domain.name)] };
  },
});
