import { defineOperation } from '../operation.js';
import { requireTicket, ticketDetails } from '../../domain/tickets.js';
import type { GetTicketDetailsRequest, GetTicketDetailsResult } from '../../generated/wire.js';

export default defineOperation<GetTicketDetailsRequest, GetTicketDetailsResult>({
  mutates: false,
  run({ id }, { world }) {
    return ticketDetails(world, requireTicket(world, id));
  },
});
