import { callerOf, defineWrite } from '../route.js';
import { requireClient } from '../../domain/clients.js';
import { customerInvoice, requireCustomerInvoice } from '../../domain/customerBilling.js';
import { positiveCents } from '../../domain/money.js';
import { applyCredit, creditCoverCents, requirePayable } from '../../domain/payments.js';
import { Checks, fail, messages } from '../../errors.js';
import type { UserApiPostInvoiceIdCreditAnswer, UserApiPostInvoiceIdCreditInput } from '../../generated/wire.js';

export default defineWrite<UserApiPostInvoiceIdCreditInput, UserApiPostInvoiceIdCreditAnswer>({
  run({ id, amount }, ctx) {
    const { world, now } = ctx;
    const invoice = requireCustomerInvoice(world, callerOf(ctx).clientId, id);
    const client = requireClient(world, invoice.client_id);
    const checks = new Checks();
    checks.pass(() => requirePayable(invoice));
    const asked = amount === undefined ? undefined : checks.value(() => positiveCents(amount, 'amount'));
    checks.settle();
    // Without an amount, as much as the invoice owes, or the whole credit when that is less.
    const cents = asked ?? creditCoverCents(world, invoice, client);
    if (cents === 0) fail(messages.noCreditToApply(client.id, invoice.id));
    const paid = applyCredit(world, invoice, client, cents, now);
    // The Admin API's applyInvoiceCredit says it so (with its full stop).
    return { invoice: customerInvoice(world, paid), info: ['Credit applied to invoice.'] };
  },
});
