import { defineMutation } from '../operation.js';
import { fail, messages } from '../../errors.js';
import { MAIN_PARENT_ID, removeClient, requireClient } from '../../domain/clients.js';
import type { DeleteClientRequest, DeleteClientResult } from '../../generated/wire.js';

export default defineMutation<DeleteClientRequest, DeleteClientResult>({
  mutates: true,
  run({ id }, { world }) {
    const client = requireClient(world, id);
    // Deleting a contact here would be easy to do by mistake with a list of client ids; it has its own call.
    if (client.parent_id !== MAIN_PARENT_ID) fail(messages.isContact(id, client.parent_id, 'delete a contact with deleteClientContact'));
    return { info: removeClient(world, client) };
  },
});
