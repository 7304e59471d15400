import { callerOf, defineRead } from '../route.js';
import { customerContact } from '../../domain/customerDetails.js';
import type { UserApiGetContactIdAnswer, UserApiGetContactIdInput } from '../../generated/wire.js';
import { callersContact, mayReadContact } from './contacts.js';

export default defineRead<UserApiGetContactIdInput, UserApiGetContactIdAnswer>({
  run({ id }, ctx) {
    const caller = callerOf(ctx);
    const contact = callersContact(ctx.world, caller, id);
    mayReadContact(caller, contact);
    return { contact: customerContact(contact) };
  },
});
