import { callerOf, defineWrite } from '../route.js';
import { customerDomain, setNameservers } from '../../domain/customerDomains.js';
import { fourNameservers } from '../../domain/domains.js';
import { messages } from '../../errors.js';
import type { UserApiPutDomainIdNsAnswer, UserApiPutDomainIdNsInput } from '../../generated/wire.js';

export default defineWrite<UserApiPutDomainIdNsInput, UserApiPutDomainIdNsAnswer>({
  run({ id, nameservers = [] }, ctx) {
    const domain = setNameservers(ctx.world, customerDomain(ctx.world, callerOf(ctx).clientId, id), nameservers);
    return { nameservers: fourNameservers(domain.nameservers), info: [messages.nameserversSaved(domain.name)] };
  },
});
