// What the contact routes share: a contact is found only among the caller's
// client's own, and a contact reads another contact only with manageprofiles.
import { DoorError, doorNotFound, messages } from '../../errors.js';
import { holdsPrivilege } from '../../domain/contactDetails.js';
import type { Client } from '../../generated/wire.js';
import type { View } from '../../store/world.js';
import type { Caller } from '../route.js';

export const MANAGE_CONTACTS = 'misc.manageprofiles';

/** Contact `id` of the caller's client; a main client, another client's contact or no record answers 404 alike. */
export function callersContact(world: View, caller: Caller, id: string): Client {
  const contact = world.get('clients', id);
  if (!contact || contact.parent_id !== caller.clientId) doorNotFound('Contact', id);
  return contact;
}

/** A contact's own record is its to read; any other needs misc.manageprofiles. */
export function mayReadContact(caller: Caller, contact: Client): void {
  if (contact.id !== caller.person.id && !holdsPrivilege(caller.person, MANAGE_CONTACTS))
    throw new DoorError(403, messages.doorPrivilege(caller.person.id, MANAGE_CONTACTS));
}
