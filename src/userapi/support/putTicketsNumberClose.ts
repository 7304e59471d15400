import { callerOf, defineWrite } from '../route.js';
import { setTicketStatus } from '../../domain/ticketDesk.js';
import type { UserApiPutTicketsNumberCloseAnswer, UserApiPutTicketsNumberCloseInput } from '../../generated/wire.js';
import { callersTicket } from './tickets.js';

export default defineWrite<UserApiPutTicketsNumberCloseInput, UserApiPutTicketsNumberCloseAnswer>({
  run({ number }, ctx) {
    const ticket = setTicketStatus(ctx.world, callersTicket(ctx.world, callerOf(ctx), number), 'Closed');
    return { info: [`Ticket #${ticket.ticket_number} status changed to: Closed`] };
  },
});
