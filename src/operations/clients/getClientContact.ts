import { defineOperation } from '../operation.js';
import { requireContact } from '../../domain/clients.js';
import { AVAILABLE_PRIVILEGES, contactDetails } from '../../domain/contactDetails.js';
import type { GetClientContactRequest, GetClientContactResult } from '../../generated/wire.js';

export default defineOperation<GetClientContactRequest, GetClientContactResult>({
  mutates: false,
  run({ id }, { world }) {
    const contact = requireContact(world, id, 'getClientDetails answers a main client');
    return { client: contactDetails(contact), available_privileges: AVAILABLE_PRIVILEGES };
  },
});
