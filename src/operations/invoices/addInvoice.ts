import { defineMutation } from '../operation.js';
import { fail, messages } from '../../errors.js';
import { MAIN_PARENT_ID, requireClient } from '../../domain/clients.js';
import { formatDate } from '../../domain/dates.js';
import { defaultGatewayId } from '../../domain/gateways.js';
import { newInvoice } from '../../domain/invoices.js';
import type { AddInvoiceRequest, AddInvoiceResult } from '../../generated/wire.js';

export default defineMutation<AddInvoiceRequest, AddInvoiceResult>({
  mutates: true,
  run({ client_id }, { world, now }) {
    const client = requireClient(world, client_id);
    if (client.parent_id !== MAIN_PARENT_ID) {
      fail(messages.isContact(client.id, client.parent_id, `create the invoice for main client ${client.parent_id}`));
    }
    // A Draft: HostBill keeps a staff-made invoice from the client until it is finished and made Unpaid.
    const invoice = newInvoice(world, {
      client,
      currency_id: client.currency_id,
      payment_module: defaultGatewayId(world),
      date: formatDate(now),
      lines: [],
      status: 'Draft',
    });
    world.insert('invoices', invoice);
    return { invoice_id: invoice.id };
  },
});
