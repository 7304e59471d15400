import { defineMutation } from '../operation.js';
import { removeClient, requireMainClient } from '../../domain/clients.js';
import type { DeleteClientRequest, DeleteClientResult } from '../../generated/wire.js';

export default defineMutation<DeleteClientRequest, DeleteClientResult>({
  mutates: true,
  run({ id }, { world }) {
    // Deleting a contact here would be easy to do by mistake with a list of client ids; it has its own call.
    const client = requireMainClient(world, id, () => 'delete a contact with deleteClientContact');
    return { info: removeClient(world, client) };
  },
});
