import { defineMutation } from '../operation.js';
import { fail, messages } from '../../errors.js';
import { MAIN_PARENT_ID, requireClient } from '../../domain/clients.js';
import { formatDate } from '../../domain/dates.js';
import { defaultGatewayId } from '../../domain/gateways.js';
import { newInvoice } from '../../domain/invoices.js';
import { formatCents, toCents } from '../../domain/money.js';
import { CREDIT_LINE } from '../../domain/payments.js';
import type { AddCreditReceiptRequest, AddCreditReceiptResult } from '../../generated/wire.js';

export default defineMutation<AddCreditReceiptRequest, AddCreditReceiptResult>({
  mutates: true,
  run(p, { world, now }) {
    const client = requireClient(world, p.client_id);
    if (client.parent_id !== MAIN_PARENT_ID) {
      fail(messages.isContact(client.id, client.parent_id, `credit belongs to the main client: add funds for client ${client.parent_id}`));
    }
    const cents = toCents(p.amount);
    if (cents <= 0) fail(messages.paramInvalid('amount', 'more than 0'));
    // Funds added are not a sale, so the receipt carries no tax; paying it turns the Credit line into credit (settleInvoice).
    const invoice = newInvoice(world, {
      client,
      currency_id: client.currency_id,
      payment_module: defaultGatewayId(world),
      date: formatDate(now),
      taxed: false,
      lines: [{ type: CREDIT_LINE, item_id: '0', description: 'Credit receipt: add funds', amount: formatCents(cents), taxed: false }],
    });
    world.insert('invoices', invoice);
    return { invoice_id: invoice.id };
  },
});
