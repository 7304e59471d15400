import { callerOf, defineWrite } from '../route.js';
import { customerDomain, switchDomainFlag, switchedOn } from '../../domain/customerDomains.js';
import type { UserApiPutDomainIdAutorenewAnswer, UserApiPutDomainIdAutorenewInput } from '../../generated/wire.js';

export default defineWrite<UserApiPutDomainIdAutorenewInput, UserApiPutDomainIdAutorenewAnswer>({
  run({ id, autorenew }, ctx) {
    const domain = customerDomain(ctx.world, callerOf(ctx).clientId, id);
    const changed = switchDomainFlag(ctx.world, domain, 'autorenew', switchedOn(autorenew));
    return { autorenew: changed.domain.autorenew, info: [changed.info] };
  },
});
