import { callerOf, defineRead } from '../route.js';
import { customerDomain } from '../../domain/customerDomains.js';
import type { UserApiGetDomainIdReglockAnswer, UserApiGetDomainIdReglockInput } from '../../generated/wire.js';

export default defineRead<UserApiGetDomainIdReglockInput, UserApiGetDomainIdReglockAnswer>({
  run({ id }, ctx) {
    return { reglock: customerDomain(ctx.world, callerOf(ctx).clientId, id).reglock };
  },
});
