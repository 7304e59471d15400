import { defineOperation } from '../operation.js';
import type { View } from '../../store/world.js';
import type { GetInvoicesRequest, GetInvoicesResult, Invoice, InvoiceListItem } from '../../generated/wire.js';
import { requireClient } from '../../domain/clients.js';
import { gatewayName } from '../../domain/gateways.js';
import { matching, pageParams } from '../../domain/lists.js';

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

/** An invoice without its lines: totals, status, the client's names and the gateway's name. */
function invoiceItem(world: View, inv: Invoice): InvoiceListItem {
  const client = world.get('clients', inv.client_id);
  return {
    id: inv.id,
    paid_id: inv.paid_id,
    date: inv.date,
    duedate: inv.duedate,
    datepaid: inv.datepaid,
    total: inv.total,
    credit: inv.credit,
    status: inv.status,
    client_id: inv.client_id,
    firstname: client?.firstname ?? '',
    lastname: client?.lastname ?? '',
    companyname: client?.companyname ?? '',
    currency_id: inv.currency_id,
    payment_module: inv.payment_module,
    gateway: gatewayName(world, inv.payment_module),
  };
}

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
    return { invoices: items.map((inv) => invoiceItem(world, inv)), sorter };
  },
});
