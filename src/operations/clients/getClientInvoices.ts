import { defineOperation } from '../operation.js';
import { requireClient } from '../../domain/clients.js';
import { invoiceListItem } from '../../domain/invoices.js';
import { pageParams } from '../../lib/lists.js';
import type { GetClientInvoicesRequest, GetClientInvoicesResult } from '../../generated/wire.js';

export default defineOperation<GetClientInvoicesRequest, GetClientInvoicesResult>({
  mutates: false,
  run(params, { world }) {
    const client = requireClient(world, params.id);
    // A Draft invoice is still being written: the client is not shown it until it is issued.
    const rows = world.where('invoices', 'client_id', client.id).filter((invoice) => invoice.status !== 'Draft');
    const { page, perpage } = pageParams(params);
    const { items, sorter } = world.newestPage('invoices', rows, page, perpage);
    return { invoices: items.map((invoice) => invoiceListItem(world, invoice)), sorter };
  },
});
