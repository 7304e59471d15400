// What the ticket routes share: a ticket is found by its number among the caller's client's own.
import { doorNotFound } from '../../errors.js';
import { ticketNumbered } from '../../domain/ticketDesk.js';
import type { Ticket } from '../../generated/wire.js';
import type { View } from '../../store/world.js';
import type { Caller } from '../route.js';

/** Ticket `number` of the caller's client; another client's, a guest's or no ticket answers 404 alike. */
export function callersTicket(world: View, caller: Caller, number: string): Ticket {
  const ticket = ticketNumbered(world, number);
  if (!ticket || ticket.client_id !== caller.clientId) doorNotFound('Ticket', number);
  return ticket;
}
