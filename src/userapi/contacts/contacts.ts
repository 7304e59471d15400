// What the contact routes share: a contact is found only among the caller's
// client's own, and a contact reads another contact only with manageprofiles.
import { doorNotFound } from '../../errors.js';
import type { Client } from '../../generated/wire.js';
import type { View } from '../../store/world.js';
import { type Caller, callerHolds, privilegeRefusal } from '../route.js';

export const MANAGE_CONTACTS = 'misc.manageprofiles';

/** Contact `id` of the caller's client; a main client, another client's contact or no record answers 404 alike. */
export function callersContact(world: View, caller: Caller, id: string): Client {
  const contact = world.get('clients', id);
  if (!contact || contact.parent_id !== caller.clientId) doorNotFound('Contact', id);
  return contact;
}

/** A contact's own record is its to read; any other needs misc.manageprofiles. */
export function mayReadContact(caller: Caller, contact: Client): void {
  if (contact.id !== caller.person.id && !callerHolds(caller, MANAGE_CONTACTS)) throw privilegeRefusal(caller, MANAGE_CONTACTS);
}
