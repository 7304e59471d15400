import { callerOf, defineWrite } from '../route.js';
import { customerDomain, switchDomainFlag, switchedOn } from '../../domain/customerDomains.js';
import type { UserApiPutDomainIdIdprotectionAnswer, UserApiPutDomainIdIdprotectionInput } from '../../generated/wire.js';

export default defineWrite<UserApiPutDomainIdIdprotectionInput, UserApiPutDomainIdIdprotectionAnswer>({
  run({ id, switch: on }, ctx) {
    const domain = customerDomain(ctx.world, callerOf(ctx).clientId, id);
    const changed = switchDomainFlag(ctx.world, domain, 'idprotection', switchedOn(on));
    return { idprotection: changed.domain.idprotection, info: [changed.info] };
  },
});
