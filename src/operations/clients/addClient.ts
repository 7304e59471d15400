import { defineMutation } from '../operation.js';
import { Checks } from '../../errors.js';
import { addClient, CLIENT_CREATED } from '../../domain/clients.js';
import { hashPassword, prepareHash, saltFor } from '../../domain/password.js';
import type { AddClientRequest, AddClientResult } from '../../generated/wire.js';

export default defineMutation<AddClientRequest, AddClientResult>({
  mutates: true,
  // The record gets the next id, so its salt is known before run.
  prepare: (p, world) => prepareHash(p.password, saltFor(world.nextId('clients'), p.email)),
  run(p, { world, now }) {
    const password = (id: string) => hashPassword(p.password, saltFor(id, p.email));
    const client = addClient(world, new Checks(), p, { password, notify: p.notify === '1', now });
    return { client_id: client.id, info: [CLIENT_CREATED] };
  },
});
