import { callerOf, defineWrite } from '../route.js';
import { addReply } from '../../domain/tickets.js';
import type { UserApiPostTicketsNumberAnswer, UserApiPostTicketsNumberInput } from '../../generated/wire.js';
import { callersTicket } from './tickets.js';

export default defineWrite<UserApiPostTicketsNumberInput, UserApiPostTicketsNumberAnswer>({
  run({ number, body }, ctx) {
    const caller = callerOf(ctx);
    const ticket = callersTicket(ctx.world, caller, number);
    const { ticket: moved } = addReply(ctx.world, ticket, { type: 'Client', replierId: caller.person.id, body, attachments: [] }, ctx.now);
    return { info: [`Reply added, ticket status changed to ${moved.status}`] };
  },
});
