// What both doors do to the support desk beyond a single reply: open a ticket
// (addTicket, POST /api/tickets), set its status (setTicketStatus, PUT
// /api/tickets/{number}/open|close), and the customer's view of its tickets.
import type { Ticket, TicketStatus, UserApiGetTicketsNumberAnswer, UserApiTicketItem } from '../generated/wire.js';
import type { View, World } from '../store/world.js';
import { recordTicketOpened } from './outbox.js';
import { countReplyUses } from './predefinedReplies.js';
import { type NewTicket, insertTicket, newTicket, ticketDetails } from './tickets.js';
import { pick } from './views.js';

/** Inserts a new ticket: staff text counts its predefined replies' uses; `notify` records the e-mail that tells the client. */
export function openTicket(world: World, spec: NewTicket, now: Date, notify: boolean): Ticket {
  const ticket = insertTicket(world, newTicket(world, spec, now));
  if (!spec.asClient) countReplyUses(world, spec.body);
  if (notify) recordTicketOpened(world, ticket, now);
  return ticket;
}

/** The ticket at `status`; the same status again writes nothing. */
export function setTicketStatus(world: World, ticket: Ticket, status: TicketStatus): Ticket {
  return ticket.status === status ? ticket : world.replace('tickets', { ...ticket, status });
}

/** The ticket numbered `number` (the 6-digit number), if there is one, through an index. */
export function ticketNumbered(world: View, number: string): Ticket | undefined {
  return world.where('tickets', 'ticket_number', number)[0];
}

/** A ticket as the customer's door lists it: no staff fields, lastreply as the date-time kept. */
export function customerTicketItem(world: View, ticket: Ticket): UserApiTicketItem {
  return {
    ...pick(ticket, ['id', 'ticket_number', 'date', 'lastreply', 'dept_id'] as const),
    deptname: world.get('ticket_depts', ticket.dept_id)?.name ?? '',
    ...pick(ticket, ['name', 'subject', 'status', 'priority', 'client_read'] as const),
  };
}

/** getTicketDetails' answer without what is the staff's own: notes, admin_read, viewtime and the client-area key. */
export function customerTicketDetails(world: View, ticket: Ticket): UserApiGetTicketsNumberAnswer {
  const { ticket: full, replies, attachments } = ticketDetails(world, ticket);
  const { admin_read: _read, viewtime: _viewed, acc_hash: _hash, ...own } = full;
  return { ticket: own, replies, attachments };
}
