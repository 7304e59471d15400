import { defineMutation } from '../operation.js';
import { fail, messages, notFound } from '../../errors.js';
import { DETAILS_UPDATED, MAIN_PARENT_ID, editedProfile } from '../../domain/clients.js';
import type { SetContactDetailsRequest, SetContactDetailsResult } from '../../generated/wire.js';

export default defineMutation<SetContactDetailsRequest, SetContactDetailsResult>({
  mutates: true,
  run(p, { world }) {
    const contact = world.get('clients', p.id) ?? notFound('Contact', p.id);
    if (contact.parent_id === MAIN_PARENT_ID) fail(messages.isMainClient(contact.id, 'change a main client with setClientDetails'));
    world.replace('clients', editedProfile(world, contact, p));
    return { client: true, info: [DETAILS_UPDATED] };
  },
});
