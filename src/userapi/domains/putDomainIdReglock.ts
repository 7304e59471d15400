import { callerOf, defineWrite } from '../route.js';
import { customerDomain, switchDomainFlag, switchedOn } from '../../domain/customerDomains.js';
import type { UserApiPutDomainIdReglockAnswer, UserApiPutDomainIdReglockInput } from '../../generated/wire.js';

export default defineWrite<UserApiPutDomainIdReglockInput, UserApiPutDomainIdReglockAnswer>({
  run({ id, switch: on }, ctx) {
    const domain = customerDomain(ctx.world, callerOf(ctx).clientId, id);
    const changed = switchDomainFlag(ctx.world, domain, 'reglock', switchedOn(on));
    return { reglock: changed.domain.reglock, info: [changed.info] };
  },
});
