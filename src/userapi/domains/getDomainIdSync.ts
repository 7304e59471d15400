import { callerOf, defineWrite } from '../route.js';
import { customerDomain, domainView } from '../../domain/customerDomains.js';
import { synchronize } from '../../domain/registrar.js';
import { messages } from '../../errors.js';
import type { UserApiGetDomainIdSyncAnswer, UserApiGetDomainIdSyncInput } from '../../generated/wire.js';

// A read by its verb, but synchronising stamps the record (and may complete a transfer).
export default defineWrite<UserApiGetDomainIdSyncInput, UserApiGetDomainIdSyncAnswer>({
  run({ id }, ctx) {
    const domain = synchronize(ctx.world, customerDomain(ctx.world, callerOf(ctx).clientId, id), ctx.now);
    return { domain: domainView(ctx.world, domain), info: [messages.domainSynchronized(domain.id)] };
  },
});
