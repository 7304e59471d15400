import { defineOperation } from '../operation.js';
import { requireClient } from '../../domain/clients.js';
import { ticketChecks, ticketItem } from '../../domain/tickets.js';
import { matching, oldestFirst, pageParams, paginate } from '../../lib/lists.js';
import type { GetClientTicketsRequest, GetClientTicketsResult, TicketStatus } from '../../generated/wire.js';

export default defineOperation<GetClientTicketsRequest, GetClientTicketsResult>({
  mutates: false,
  run(params, { world, now }) {
    requireClient(world, params.id);
    const { status, ...filter } = params.filter ?? {};
    const checks = ticketChecks({ ...filter, status: (status || undefined) as TicketStatus | undefined }, params.filterop?.date);
    const rows = matching(world.where('tickets', 'client_id', params.id), checks);
    const { page, perpage } = pageParams(params);
    const { items, sorter } =
      params.sort === 'ASC' ? paginate(oldestFirst(rows), page, perpage) : world.newestPage('tickets', rows, page, perpage);
    return { tickets: items.map((ticket) => ticketItem(world, ticket, now)), sorter };
  },
});
