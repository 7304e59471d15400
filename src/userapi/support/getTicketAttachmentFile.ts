import { callerOf, defineRead } from '../route.js';
import { doorNotFound } from '../../errors.js';
import { customerTicketDetails } from '../../domain/ticketDesk.js';
import type { UserApiGetTicketAttachmentFileAnswer, UserApiGetTicketAttachmentFileInput } from '../../generated/wire.js';
import { callersTicket } from './tickets.js';

export default defineRead<UserApiGetTicketAttachmentFileInput, UserApiGetTicketAttachmentFileAnswer>({
  run({ file, number }, ctx) {
    const ticket = callersTicket(ctx.world, callerOf(ctx), number);
    const found = customerTicketDetails(ctx.world, ticket).attachments.find((attachment) => attachment.filename === file);
    if (!found) doorNotFound('Attachment', file);
    // billsim keeps a file's name and size only.
    return { attachment: { ...found, content: null } };
  },
});
