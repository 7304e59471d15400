import { defineMutation } from '../operation.js';
import { requireInvoice } from '../../domain/invoices.js';
import { requireClient } from '../../domain/clients.js';
import { positiveCents } from '../../domain/money.js';
import { applyCredit } from '../../domain/payments.js';
import { Checks } from '../../errors.js';
import type { ApplyInvoiceCreditRequest, ApplyInvoiceCreditResult } from '../../generated/wire.js';

export default defineMutation<ApplyInvoiceCreditRequest, ApplyInvoiceCreditResult & { info: string[] }>({
  mutates: true,
  run(p, { world, now }) {
    const checks = new Checks();
    const { invoice, cents } = checks.settle({
      invoice: checks.value(() => requireInvoice(world, p.id)),
      cents: checks.value(() => positiveCents(p.apply_credit, 'apply_credit')),
    });
    applyCredit(world, invoice, requireClient(world, invoice.client_id), cents, now);
    // The published message ends with a full stop, unlike most info lines.
    return { info: ['Credit applied to invoice.'] };
  },
});
