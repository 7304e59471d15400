import { defineMutation } from '../operation.js';
import { requireMainClient } from '../../domain/clients.js';
import { formatDate } from '../../lib/dates.js';
import { defaultGatewayId } from '../../domain/gateways.js';
import { newInvoice } from '../../domain/invoices.js';
import type { AddInvoiceRequest, AddInvoiceResult } from '../../generated/wire.js';
import { insertInvoice } from '../../domain/events.js';

export default defineMutation<AddInvoiceRequest, AddInvoiceResult>({
  mutates: true,
  run({ client_id }, { world, now }) {
    const client = requireMainClient(world, client_id, (parent) => `create the invoice for main client ${parent}`);
    // A Draft: HostBill keeps a staff-made invoice from the client until it is finished and made Unpaid.
    const invoice = newInvoice(world, {
      client,
      currency_id: client.currency_id,
      payment_module: defaultGatewayId(world),
      date: formatDate(now),
      lines: [],
      status: 'Draft',
    });
    insertInvoice(world, invoice);
    return { invoice_id: invoice.id };
  },
});
