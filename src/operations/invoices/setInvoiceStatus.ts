import { defineMutation } from '../operation.js';
import { requireInvoice } from '../../domain/invoices.js';

import { markInvoice } from '../../domain/invoiceEdits.js';
import type { SetInvoiceStatusRequest, SetInvoiceStatusResult } from '../../generated/wire.js';

export default defineMutation<SetInvoiceStatusRequest, SetInvoiceStatusResult & { info: string[] }>({
  mutates: true,
  run({ id, status }, { world, now }) {
    const invoice = requireInvoice(world, id);
    markInvoice(world, invoice, status, now);
    return { info: [`Invoice #${invoice.id} marked ${status}`] };
  },
});
