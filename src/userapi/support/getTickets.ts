import { callerOf, defineRead } from '../route.js';
import { customerTicketItem } from '../../domain/ticketDesk.js';
import { doorPage, newestFirst } from '../../lib/lists.js';
import type { UserApiGetTicketsAnswer, UserApiGetTicketsInput } from '../../generated/wire.js';

export default defineRead<UserApiGetTicketsInput, UserApiGetTicketsAnswer>({
  run({ page }, ctx) {
    const rows = newestFirst(ctx.world.where('tickets', 'client_id', callerOf(ctx).clientId));
    const { items, page: at } = doorPage(rows, page);
    return { tickets: items.map((ticket) => customerTicketItem(ctx.world, ticket)), page: at };
  },
});
