import { callerOf, defineWrite } from '../route.js';
import { Checks } from '../../errors.js';
import { addContact } from '../../domain/clients.js';
import { NO_ACCOUNT_HASH, hashPassword, prepareHash, saltFor } from '../../domain/password.js';
import type { UserApiPostContactAnswer, UserApiPostContactInput } from '../../generated/wire.js';

export default defineWrite<UserApiPostContactInput, UserApiPostContactAnswer>({
  // The record gets the next id, so its salt is known before run.
  prepare: async (p, world) => (p.password === undefined ? undefined : prepareHash(p.password, saltFor(world.nextId('clients'), p.email))),
  run(p, ctx) {
    const main = ctx.world.get('clients', callerOf(ctx).clientId);
    // Without a password the contact holds a hash nobody knows the password of: it cannot log in.
    const password = (id: string) => (p.password === undefined ? NO_ACCOUNT_HASH : hashPassword(p.password, saltFor(id, p.email)));
    const contact = addContact(ctx.world, new Checks(), main, p, password, ctx.now);
    return { contact_id: contact.id, info: [`Contact ${contact.id} added`] };
  },
});
