import { defineMutation } from '../operation.js';
import { fail, messages, notFound } from '../../errors.js';
import { requireClient } from '../../domain/clients.js';
import { toCents } from '../../domain/money.js';
import { applyCredit } from '../../domain/payments.js';
import type { ApplyInvoiceCreditRequest, ApplyInvoiceCreditResult } from '../../generated/wire.js';

export default defineMutation<ApplyInvoiceCreditRequest, ApplyInvoiceCreditResult & { info: string[] }>({
  mutates: true,
  run(p, { world, now }) {
    const invoice = world.get('invoices', p.id) ?? notFound('Invoice', p.id);
    const cents = toCents(p.apply_credit);
    if (cents <= 0) fail(messages.paramInvalid('apply_credit', 'more than 0'));
    applyCredit(world, invoice, requireClient(world, invoice.client_id), cents, now);
    // The published message ends with a full stop, unlike most info lines.
    return { info: ['Credit applied to invoice.'] };
  },
});
