import { defineMutation } from '../operation.js';
import { requireTicket, withPriority } from '../../domain/tickets.js';
import type { SetTicketPriorityRequest, SetTicketPriorityResult } from '../../generated/wire.js';

// Only the priority changes; the same priority again writes nothing and answers alike.
export default defineMutation<SetTicketPriorityRequest, SetTicketPriorityResult & { info: string[] }>({
  mutates: true,
  run({ id, priority }, { world }) {
    const ticket = requireTicket(world, id);
    const changed = withPriority(ticket, priority);
    if (changed !== ticket) world.replace('tickets', changed);
    return { info: [`Ticket #${ticket.ticket_number} priority changed`] };
  },
});
