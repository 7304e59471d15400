import { callerOf, defineWrite } from '../route.js';
import { editContact } from '../../domain/clients.js';
import { customerContact } from '../../domain/customerDetails.js';
import type { UserApiPutContactIdAnswer, UserApiPutContactIdInput } from '../../generated/wire.js';
import { callersContact } from './contacts.js';

export default defineWrite<UserApiPutContactIdInput, UserApiPutContactIdAnswer>({
  run({ id, ...changes }, ctx) {
    const contact = editContact(ctx.world, callersContact(ctx.world, callerOf(ctx), id), changes);
    return { contact: customerContact(contact), info: [`Contact ${contact.id} updated`] };
  },
});
