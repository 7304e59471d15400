import { defineMutation } from '../operation.js';
import { recordTicketReply } from '../../domain/outbox.js';
import { addReply, readAttachments, requireTicket } from '../../domain/tickets.js';
import type { AddTicketReplyRequest, AddTicketReplyResult } from '../../generated/wire.js';

export default defineMutation<AddTicketReplyRequest, AddTicketReplyResult & { info: string[] }>({
  mutates: true,
  run(p, { world, now }) {
    const ticket = requireTicket(world, p.id);
    const attachments = readAttachments(p.attachments);
    const type = p.type ?? 'Admin';
    const { ticket: moved, reply } = addReply(
      world,
      ticket,
      { type, replierId: p.replier_id, body: p.body, statusChange: p.status_change, attachments },
      now,
    );
    // Staff answers reach the client; the client's own reply sends them nothing.
    if (type === 'Admin' && p.notify_client !== '0') recordTicketReply(world, moved, reply, now);
    return { info: [`Reply added, ticket status changed to ${moved.status}`] };
  },
});
