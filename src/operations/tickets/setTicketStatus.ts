import { defineMutation } from '../operation.js';
import { requireTicket } from '../../domain/tickets.js';
import { setTicketStatus } from '../../domain/ticketDesk.js';
import type { SetTicketStatusRequest, SetTicketStatusResult } from '../../generated/wire.js';

// Only the status changes; the same status again writes nothing and answers alike.
export default defineMutation<SetTicketStatusRequest, SetTicketStatusResult & { info: string[] }>({
  mutates: true,
  run({ id, status }, { world }) {
    const ticket = setTicketStatus(world, requireTicket(world, id), status);
    return { info: [`Ticket #${ticket.ticket_number} status changed to: ${status}`] };
  },
});
