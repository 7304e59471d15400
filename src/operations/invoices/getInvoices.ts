import { defineOperation } from '../operation.js';
import type { View } from '../../store/world.js';
import type { GetInvoicesRequest, GetInvoicesResult, Invoice } from '../../generated/wire.js';
import { requireClient } from '../../domain/clients.js';
import { invoiceListItem } from '../../domain/invoices.js';
import { matching, pageParams } from '../../lib/lists.js';

type ListName = NonNullable<GetInvoicesRequest['list']>;
type Status = Invoice['status'];

/** `list` picks one status; "all" (the default) picks none. */
const LIST_STATUS: Record<ListName, Status | undefined> = {
  all: undefined,
  paid: 'Paid',
  unpaid: 'Unpaid',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  collections: 'Collections',
  draft: 'Draft',
  recurring: 'Recurring',
};

/** The candidate rows through an index: the client's invoices, else those of one status, else all. */
function candidates(world: View, clientId: string | undefined, status: Status | undefined): readonly Invoice[] {
  if (clientId) return world.where('invoices', 'client_id', clientId);
  if (status) return world.where('invoices', 'status', status);
  return world.all('invoices');
}

export default defineOperation<GetInvoicesRequest, GetInvoicesResult>({
  mutates: false,
  run(params, { world }) {
    if (params.client_id) requireClient(world, params.client_id);
    const wanted = [LIST_STATUS[params.list ?? 'all'], params.status].filter((s): s is Status => s !== undefined);
    // Without a client, the status index already applied wanted[0].
    const checks = (params.client_id ? wanted : wanted.slice(1)).map((s) => (inv: Invoice) => inv.status === s);
    const rows = matching(candidates(world, params.client_id, wanted[0]), checks);
    const { page, perpage } = pageParams(params);
    const { items, sorter } = world.newestPage('invoices', rows, page, perpage);
    return { invoices: items.map((inv) => invoiceListItem(world, inv)), sorter };
  },
});
