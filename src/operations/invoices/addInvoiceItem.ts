import { defineMutation } from '../operation.js';

import { invoiceLine, requireInvoice } from '../../domain/invoices.js';
import { requireLinesOpen, requireSoundTotals } from '../../domain/invoiceEdits.js';
import { firstFreeLineId, withTotals } from '../../domain/invoiceLines.js';
import { formatCents, toCents } from '../../domain/money.js';
import type { AddInvoiceItemRequest, AddInvoiceItemResult } from '../../generated/wire.js';

export default defineMutation<AddInvoiceItemRequest, AddInvoiceItemResult>({
  mutates: true,
  run(p, { world }) {
    const invoice = requireInvoice(world, p.id);
    requireLinesOpen(invoice);
    // Stored as the API shows amounts ("10" -> "10.00") and quantities ("1.50" -> "1.5").
    const newline = invoiceLine(invoice.id, String(firstFreeLineId(world, 'invoices')), {
      type: 'Other',
      item_id: '0',
      description: p.line,
      amount: formatCents(toCents(p.price)),
      taxed: p.tax === '1',
      qty: String(Number(p.qty ?? '1')),
    });
    const updated = withTotals({ ...invoice, items: [...invoice.items, newline] });
    requireSoundTotals(world, updated);
    world.replace('invoices', updated);
    return { newline };
  },
});
