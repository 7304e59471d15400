import { defineMutation } from '../operation.js';
import { DETAILS_UPDATED, editContact, requireContact } from '../../domain/clients.js';
import type { SetContactDetailsRequest, SetContactDetailsResult } from '../../generated/wire.js';

export default defineMutation<SetContactDetailsRequest, SetContactDetailsResult>({
  mutates: true,
  run(p, { world }) {
    // Privileges sent replace the contact's set; none sent leaves it as it was.
    editContact(world, requireContact(world, p.id, 'change a main client with setClientDetails'), p);
    return { client: true, info: [DETAILS_UPDATED] };
  },
});
