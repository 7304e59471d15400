import { defineWrite } from '../route.js';
import { Checks } from '../../errors.js';
import { addClient, CLIENT_CREATED, newClientProblems } from '../../domain/clients.js';
import { hashPassword, prepareHash, saltFor } from '../../domain/password.js';
import type { UserApiPostSignupAnswer, UserApiPostSignupInput } from '../../generated/wire.js';

/** A parameter the door did not refuse, as text (a JSON number such as a currency id reads as its digits). */
const wellFormed = (input: Record<string, unknown>, refused: ReadonlySet<string>, name: string) => {
  const value = input[name];
  return !refused.has(name) && (typeof value === 'string' || typeof value === 'number') ? String(value) : undefined;
};

export default defineWrite<UserApiPostSignupInput, UserApiPostSignupAnswer>({
  // The record gets the next id, so its salt is known before run.
  prepare: (p, world) => prepareHash(p.password, saltFor(world.nextId('clients'), p.email)),
  // A malformed field and an e-mail already in use are named in one answer: the same check addClient makes.
  malformed: (input, refused, world) => {
    const field = (name: string) => wellFormed(input, refused, name);
    const password = field('password');
    return newClientProblems(world, {
      email: field('email'),
      password,
      // Passwords are compared only when both are well formed.
      password2: password === undefined ? undefined : field('password2'),
      country: field('country'),
      currency_id: field('currency'),
    });
  },
  run({ currency, ...p }, { world, now }) {
    const password = (id: string) => hashPassword(p.password, saltFor(id, p.email));
    // The rule addClient follows, with the welcome e-mail addClient sends when asked to notify.
    const client = addClient(world, new Checks(), { ...p, currency_id: currency }, { password, notify: true, now });
    return { client_id: client.id, info: [CLIENT_CREATED] };
  },
});
