import { defineMutation } from '../operation.js';
import { API_ADMIN_ID } from '../../domain/credit.js';
import { addNote, requireAdmin, requireTicket } from '../../domain/tickets.js';
import type { AddTicketNotesRequest, AddTicketNotesResult } from '../../generated/wire.js';

// One more staff note by the API's admin: notes are a list, each with its author and date (see the schema).
export default defineMutation<AddTicketNotesRequest, AddTicketNotesResult & { info: string[] }>({
  mutates: true,
  run({ id, notes }, { world, now }) {
    const ticket = requireTicket(world, id);
    addNote(world, ticket, requireAdmin(world, API_ADMIN_ID), notes, now);
    return { info: ['Ticket notes updated'] };
  },
});
