import { callerOf, defineRead } from '../route.js';
import { customerInvoice, requireCustomerInvoice } from '../../domain/customerBilling.js';
import type { UserApiGetInvoiceIdAnswer, UserApiGetInvoiceIdInput } from '../../generated/wire.js';

export default defineRead<UserApiGetInvoiceIdInput, UserApiGetInvoiceIdAnswer>({
  run({ id }, ctx) {
    const invoice = requireCustomerInvoice(ctx.world, callerOf(ctx).clientId, id);
    return { invoice: customerInvoice(ctx.world, invoice) };
  },
});
