import { defineMutation } from '../operation.js';
import { requireInvoice } from '../../domain/invoices.js';
import { fail, messages } from '../../errors.js';
import { requireClient } from '../../domain/clients.js';
import { recordInvoiceEmail } from '../../domain/outbox.js';
import type { SendInvoiceRequest, SendInvoiceResult } from '../../generated/wire.js';

export default defineMutation<SendInvoiceRequest, SendInvoiceResult & { info: string[] }>({
  mutates: true,
  run({ id }, { world, now }) {
    const invoice = requireInvoice(world, id);
    if (invoice.status === 'Draft') fail(messages.invoiceIsDraft(invoice.id));
    const client = requireClient(world, invoice.client_id);
    recordInvoiceEmail(world, client, invoice, {}, now);
    return { info: ['Invoice sent to client'] };
  },
});
