import { callerOf, defineWrite } from '../route.js';
import { customerService } from '../../domain/customerServices.js';
import { followRenewalInvoice } from '../../domain/automation.js';
import { renewServiceNow } from '../../domain/renewals.js';
import { messages } from '../../errors.js';
import { formatDate } from '../../lib/dates.js';
import type { UserApiPostServiceIdRenewAnswer, UserApiPostServiceIdRenewInput } from '../../generated/wire.js';

export default defineWrite<UserApiPostServiceIdRenewInput, UserApiPostServiceIdRenewAnswer>({
  run({ id }, ctx) {
    const service = customerService(ctx.world, callerOf(ctx).clientId, id);
    const invoice = renewServiceNow(ctx.world, service, formatDate(ctx.now));
    followRenewalInvoice(ctx.world, invoice, { account_id: service.id }, ctx.now);
    return { invoice_id: invoice.id, info: [messages.serviceRenewed(service.id, invoice.id)] };
  },
});
