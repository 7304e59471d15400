import { callerOf, defineRead } from '../route.js';
import { customerTicketDetails } from '../../domain/ticketDesk.js';
import type { UserApiGetTicketsNumberAnswer, UserApiGetTicketsNumberInput } from '../../generated/wire.js';
import { callersTicket } from './tickets.js';

export default defineRead<UserApiGetTicketsNumberInput, UserApiGetTicketsNumberAnswer>({
  run({ number }, ctx) {
    return customerTicketDetails(ctx.world, callersTicket(ctx.world, callerOf(ctx), number));
  },
});
