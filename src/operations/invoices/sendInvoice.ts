import { defineMutation } from '../operation.js';
import { fail, messages, notFound } from '../../errors.js';
import { requireClient } from '../../domain/clients.js';
import { recordInvoiceEmail } from '../../domain/outbox.js';
import type { SendInvoiceRequest, SendInvoiceResult } from '../../generated/wire.js';

export default defineMutation<SendInvoiceRequest, SendInvoiceResult & { info: string[] }>({
  mutates: true,
  run({ id }, { world, now }) {
    const invoice = world.get('invoices', id) ?? notFound('Invoice', id);
    if (invoice.status === 'Draft') fail(messages.invoiceIsDraft(invoice.id));
    const client = requireClient(world, invoice.client_id);
    recordInvoiceEmail(world, client, invoice, {}, now);
    return { info: ['Invoice sent to client'] };
  },
});
