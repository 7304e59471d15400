import { defineMutation } from '../operation.js';
import { Checks, fail, messages } from '../../errors.js';
import { MAIN_PARENT_ID, addContact, requireClient } from '../../domain/clients.js';
import { hashPassword, prepareHash, saltFor } from '../../domain/password.js';
import type { AddClientContactRequest, AddClientContactResult } from '../../generated/wire.js';

export default defineMutation<AddClientContactRequest, AddClientContactResult>({
  mutates: true,
  // The record gets the next id, so its salt is known before run.
  prepare: (p, world) => prepareHash(p.password, saltFor(world.nextId('clients'), p.email)),
  run(p, { world, now }) {
    // The main client, the passwords, the country and the e-mail are checked together: every problem in one answer.
    const checks = new Checks();
    const main = checks.value(() => {
      const client = requireClient(world, p.id);
      if (client.parent_id !== MAIN_PARENT_ID) fail(messages.contactOfContact(client.id, client.parent_id));
      return client;
    });
    checks.pass(() => (p.password !== p.password2 ? fail(messages.passwordsDiffer()) : undefined));
    const contact = addContact(world, checks, main, p, (id) => hashPassword(p.password, saltFor(id, p.email)), now);
    return { contact_id: contact.id };
  },
});
