import { defineMutation } from '../operation.js';
import { DETAILS_UPDATED, editedProfile, grantedPrivileges, requireContact } from '../../domain/clients.js';
import type { SetContactDetailsRequest, SetContactDetailsResult } from '../../generated/wire.js';

export default defineMutation<SetContactDetailsRequest, SetContactDetailsResult>({
  mutates: true,
  run(p, { world }) {
    const contact = requireContact(world, p.id, 'change a main client with setClientDetails');
    const edited = editedProfile(world, contact, p);
    // Privileges sent replace the contact's set; none sent leaves it as it was.
    world.replace('clients', p.privileges === undefined ? edited : { ...edited, privileges: grantedPrivileges(p.privileges) });
    return { client: true, info: [DETAILS_UPDATED] };
  },
});
