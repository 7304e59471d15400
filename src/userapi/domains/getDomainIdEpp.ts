import { callerOf, defineWrite } from '../route.js';
import { customerDomain } from '../../domain/customerDomains.js';
import { sendEppCode } from '../../domain/registrar.js';
import { messages } from '../../errors.js';
import type { UserApiGetDomainIdEppAnswer, UserApiGetDomainIdEppInput } from '../../generated/wire.js';

// A read by its verb, but the registrar e-mails the code: a change of the outbox.
export default defineWrite<UserApiGetDomainIdEppInput, UserApiGetDomainIdEppAnswer>({
  run({ id }, ctx) {
    sendEppCode(ctx.world, customerDomain(ctx.world, callerOf(ctx).clientId, id), ctx.now);
    return { info: [messages.eppCodeSent()] };
  },
});
