import { defineOperation } from '../operation.js';
import { notFound } from '../../errors.js';
import { invoiceView, oldestFirst, transactionItem } from '../../domain/billing.js';
import type { GetInvoiceDetailsRequest, GetInvoiceDetailsResult } from '../../generated/wire.js';

export default defineOperation<GetInvoiceDetailsRequest, GetInvoiceDetailsResult>({
  mutates: false,
  run({ id }, { db }) {
    const invoice = db.get('invoices', id) ?? notFound('Invoice', id);
    // The real answer puts the payments next to the invoice, not inside it; oldest first reads as a payment history.
    const transactions = oldestFirst(db.table('transactions').where('invoice_id', id));
    return {
      invoice: invoiceView(db, invoice),
      transactions: transactions.map((tx) => transactionItem(db, tx)),
    };
  },
});
