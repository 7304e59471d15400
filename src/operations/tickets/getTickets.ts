import { defineOperation } from '../operation.js';
import { TICKET_LISTS, ticketChecks, ticketItem } from '../../domain/tickets.js';
import { matching, pageParams } from '../../lib/lists.js';
import type { GetTicketsRequest, GetTicketsResult } from '../../generated/wire.js';

export default defineOperation<GetTicketsRequest, GetTicketsResult>({
  mutates: false,
  run(params, { world, now }) {
    const { list: filterList, ...filter } = params.filter ?? {};
    // filter[list] is the current parameter; older clients send a plain `list`.
    const status = TICKET_LISTS[filterList || params.list || 'all'];
    const checks = ticketChecks({ ...filter, status });
    if (params.dept) checks.push((ticket) => ticket.dept_id === params.dept);
    const rows = status ? world.where('tickets', 'status', status) : world.all('tickets');
    const { page, perpage } = pageParams(params);
    const { items, sorter } = world.newestPage('tickets', matching(rows, checks), page, perpage);
    return { tickets: items.map((ticket) => ticketItem(world, ticket, now)), sorter };
  },
});
