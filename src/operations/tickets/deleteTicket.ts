import { defineMutation } from '../operation.js';
import { removeTicket, requireTicket } from '../../domain/tickets.js';
import type { DeleteTicketRequest, DeleteTicketResult } from '../../generated/wire.js';

export default defineMutation<DeleteTicketRequest, DeleteTicketResult & { info: string[] }>({
  mutates: true,
  run({ id }, { world }) {
    const ticket = requireTicket(world, id);
    removeTicket(world, ticket);
    return { info: [`Ticket #${ticket.ticket_number} deleted`] };
  },
});
