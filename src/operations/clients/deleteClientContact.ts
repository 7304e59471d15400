import { defineMutation } from '../operation.js';
import { fail, messages, notFound } from '../../errors.js';
import { MAIN_PARENT_ID, removeContact, requireClient } from '../../domain/clients.js';
import type { DeleteClientContactRequest, DeleteClientContactResult } from '../../generated/wire.js';

export default defineMutation<DeleteClientContactRequest, DeleteClientContactResult>({
  mutates: true,
  run({ client_id, parent_id }, { world }) {
    // client_id names the contact and parent_id its main client: the real API's own naming.
    const contact = world.get('clients', client_id) ?? notFound('Contact', client_id);
    requireClient(world, parent_id);
    if (contact.parent_id === MAIN_PARENT_ID) fail(messages.isMainClient(client_id, 'delete a main client with deleteClient'));
    if (contact.parent_id !== parent_id) fail(messages.contactOfOther(client_id, contact.parent_id, parent_id));
    removeContact(world, contact);
    return { info: ['Contact has been deleted'] };
  },
});
