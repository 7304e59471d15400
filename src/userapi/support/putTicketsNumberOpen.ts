import { callerOf, defineWrite } from '../route.js';
import { setTicketStatus } from '../../domain/ticketDesk.js';
import type { UserApiPutTicketsNumberOpenAnswer, UserApiPutTicketsNumberOpenInput } from '../../generated/wire.js';
import { callersTicket } from './tickets.js';

export default defineWrite<UserApiPutTicketsNumberOpenInput, UserApiPutTicketsNumberOpenAnswer>({
  run({ number }, ctx) {
    const ticket = callersTicket(ctx.world, callerOf(ctx), number);
    // Only a Closed ticket re-opens; an open one keeps the status the desk's work gave it.
    if (ticket.status !== 'Closed') return { info: [`Ticket #${ticket.ticket_number} is not closed: its status stays ${ticket.status}`] };
    setTicketStatus(ctx.world, ticket, 'Open');
    return { info: [`Ticket #${ticket.ticket_number} status changed to: Open`] };
  },
});
