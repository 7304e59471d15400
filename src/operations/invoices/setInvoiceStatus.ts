import { defineMutation } from '../operation.js';
import { notFound } from '../../errors.js';
import { markInvoice } from '../../domain/invoiceEdits.js';
import type { SetInvoiceStatusRequest, SetInvoiceStatusResult } from '../../generated/wire.js';

export default defineMutation<SetInvoiceStatusRequest, SetInvoiceStatusResult & { info: string[] }>({
  mutates: true,
  run({ id, status }, { world, now }) {
    const invoice = world.get('invoices', id) ?? notFound('Invoice', id);
    markInvoice(world, invoice, status, now);
    return { info: [`Invoice #${invoice.id} marked ${status}`] };
  },
});
