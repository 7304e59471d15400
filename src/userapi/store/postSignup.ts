import { defineWrite } from '../route.js';
import { Checks } from '../../errors.js';
import { addClient, CLIENT_CREATED } from '../../domain/clients.js';
import { hashPassword, prepareHash, saltFor } from '../../domain/password.js';
import type { UserApiPostSignupAnswer, UserApiPostSignupInput } from '../../generated/wire.js';

export default defineWrite<UserApiPostSignupInput, UserApiPostSignupAnswer>({
  // The record gets the next id, so its salt is known before run.
  prepare: (p, world) => prepareHash(p.password, saltFor(world.nextId('clients'), p.email)),
  run({ currency, ...p }, { world, now }) {
    const password = (id: string) => hashPassword(p.password, saltFor(id, p.email));
    // The rule addClient follows, with the welcome e-mail addClient sends when asked to notify.
    const client = addClient(world, new Checks(), { ...p, currency_id: currency }, { password, notify: true, now });
    return { client_id: client.id, info: [CLIENT_CREATED] };
  },
});
