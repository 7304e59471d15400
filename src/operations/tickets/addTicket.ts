import { defineMutation } from '../operation.js';
import { Checks, fail, messages } from '../../errors.js';
import { requireMainClient } from '../../domain/clients.js';
import { recordTicketOpened } from '../../domain/outbox.js';
import { API_ADMIN_ID } from '../../domain/credit.js';
import { addNote, newTicket, openTicket, readAttachments, requireAdmin, ticketDept } from '../../domain/tickets.js';
import { countReplyUses } from '../../domain/predefinedReplies.js';
import type { View } from '../../store/world.js';
import type { AddTicketRequest, AddTicketResult, Client } from '../../generated/wire.js';

/** Who the ticket is from: a main client (name and email default to theirs) or a guest, who must give both. */
function submitter(world: View, p: AddTicketRequest) {
  let client: Client | undefined;
  if (p.client_id !== undefined && p.client_id !== '0') {
    client = requireMainClient(
      world,
      p.client_id,
      (parentId) => `open the ticket for client ${parentId}, giving the contact's name and email`,
    );
  }
  const name = p.name ?? (client ? `${client.firstname} ${client.lastname}`.trim() : undefined);
  const email = p.email ?? client?.email;
  const missing = [
    ...(name === undefined ? [messages.paramRequiredFor('name', 'when no client_id is given')] : []),
    ...(email === undefined ? [messages.paramRequiredFor('email', 'when no client_id is given')] : []),
  ];
  if (missing.length > 0) fail(missing);
  return { clientId: client?.id ?? '0', name: name as string, email: email as string };
}

export default defineMutation<AddTicketRequest, AddTicketResult & { info: string[] }>({
  mutates: true,
  run(p, { world, now }) {
    // Who it is from, its department, its owner and its files do not depend on each other: every problem in one answer.
    const checks = new Checks();
    const { from, dept, ownerId, attachments } = checks.settle({
      from: checks.value(() => submitter(world, p)),
      dept: checks.value(() => ticketDept(world, p.dept_id)),
      ownerId: checks.value(() => (p.owner_id && p.owner_id !== '0' ? requireAdmin(world, p.owner_id).id : '0')),
      attachments: checks.value(() => readAttachments(p.attachments)),
    });
    const noteBy = p.notes ? requireAdmin(world, API_ADMIN_ID) : undefined;

    const ticket = newTicket(
      world,
      {
        dept,
        ...from,
        cc: (p.cc ?? '')
          .split(',')
          .map((address) => address.trim())
          .filter(Boolean)
          .join(','),
        subject: p.subject,
        body: p.body,
        status: p.status ?? 'Open',
        priority: p.priority ?? '0',
        requestType: p.request_type ?? 'General',
        ownerId,
        asClient: p.asclient === '1',
        attachments,
      },
      now,
    );
    openTicket(world, ticket);
    if (p.asclient !== '1') countReplyUses(world, p.body);
    if (noteBy && p.notes) addNote(world, ticket, noteBy, p.notes, now);
    if (p.notify_client !== '0') recordTicketOpened(world, ticket, now);
    return { ticket_id: Number(ticket.ticket_number), info: ['New ticket has been created'] };
  },
});
