import { defineMutation } from '../operation.js';
import { requireMainClient } from '../../domain/clients.js';
import { formatDate } from '../../lib/dates.js';
import { defaultGatewayId } from '../../domain/gateways.js';
import { newInvoice } from '../../domain/invoices.js';
import { formatCents, positiveCents } from '../../domain/money.js';
import { CREDIT_LINE } from '../../domain/payments.js';
import { Checks } from '../../errors.js';
import type { AddCreditReceiptRequest, AddCreditReceiptResult } from '../../generated/wire.js';
import { insertInvoice } from '../../domain/events.js';

export default defineMutation<AddCreditReceiptRequest, AddCreditReceiptResult>({
  mutates: true,
  run(p, { world, now }) {
    const checks = new Checks();
    const { client, cents } = checks.settle({
      client: checks.value(() =>
        requireMainClient(world, p.client_id, (parent) => `credit belongs to the main client: add funds for client ${parent}`),
      ),
      cents: checks.value(() => positiveCents(p.amount, 'amount')),
    });
    // Funds added are not a sale, so the receipt carries no tax; paying it turns the Credit line into credit (settleInvoice).
    const invoice = newInvoice(world, {
      client,
      currency_id: client.currency_id,
      payment_module: defaultGatewayId(world),
      date: formatDate(now),
      taxed: false,
      lines: [{ type: CREDIT_LINE, item_id: '0', description: 'Credit receipt: add funds', amount: formatCents(cents), taxed: false }],
    });
    insertInvoice(world, invoice);
    return { invoice_id: invoice.id };
  },
});
