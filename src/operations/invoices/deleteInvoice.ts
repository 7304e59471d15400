import { defineMutation } from '../operation.js';
import { requireInvoice } from '../../domain/invoices.js';

import { removeInvoice } from '../../domain/invoiceEdits.js';
import type { DeleteInvoiceRequest, DeleteInvoiceResult } from '../../generated/wire.js';

export default defineMutation<DeleteInvoiceRequest, DeleteInvoiceResult & { info: string[] }>({
  mutates: true,
  run({ id }, { world }) {
    const invoice = requireInvoice(world, id);
    removeInvoice(world, invoice);
    // "Deleted" with a capital D, as the published answer has it (deleteOrder says "deleted").
    return { info: [`Invoice #${invoice.id} Deleted`] };
  },
});
