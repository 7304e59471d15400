import { defineOperation } from '../operation.js';

import type { GetInvoiceDetailsRequest, GetInvoiceDetailsResult } from '../../generated/wire.js';
import { invoiceView, requireInvoice, transactionItem } from '../../domain/invoices.js';
import { oldestFirst } from '../../lib/lists.js';

export default defineOperation<GetInvoiceDetailsRequest, GetInvoiceDetailsResult>({
  mutates: false,
  run({ id }, { world }) {
    const invoice = requireInvoice(world, id);
    // The real answer puts the payments next to the invoice, not inside it; oldest first reads as a payment history.
    const transactions = oldestFirst(world.where('transactions', 'invoice_id', id));
    return {
      invoice: invoiceView(world, invoice),
      transactions: transactions.map((tx) => transactionItem(world, tx)),
    };
  },
});
