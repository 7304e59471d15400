import { callerOf, defineWrite } from '../route.js';
import { notFound } from '../../errors.js';
import { openTicket } from '../../domain/ticketDesk.js';
import { PRIORITY_LEVELS, ticketDept } from '../../domain/tickets.js';
import type { UserApiPostTicketsAnswer, UserApiPostTicketsInput } from '../../generated/wire.js';

const PRIORITIES = { low: PRIORITY_LEVELS.Low, medium: PRIORITY_LEVELS.Medium, high: PRIORITY_LEVELS.High } as const;

export default defineWrite<UserApiPostTicketsInput, UserApiPostTicketsAnswer>({
  run({ dept_id, subject, body, priority }, ctx) {
    const caller = callerOf(ctx);
    const dept = ticketDept(ctx.world, dept_id);
    // A department hidden from clients is not one they can name.
    if (dept.visible !== '1') notFound('Ticket department', dept_id);
    const { person } = caller;
    const ticket = openTicket(
      ctx.world,
      {
        dept,
        clientId: caller.clientId,
        name: `${person.firstname} ${person.lastname}`.trim(),
        email: person.email,
        cc: '',
        subject,
        body,
        status: 'Open',
        priority: PRIORITIES[priority ?? 'low'],
        requestType: 'General',
        ownerId: '0',
        asClient: true,
        attachments: [],
      },
      ctx.now,
      true,
    );
    return { ticket_number: ticket.ticket_number, id: ticket.id, info: ['New ticket has been created'] };
  },
});
