import { defineMutation } from '../operation.js';
import { grantedPrivileges, requireContact } from '../../domain/clients.js';
import type { EditContactPermissionsRequest, EditContactPermissionsResult } from '../../generated/wire.js';

export default defineMutation<EditContactPermissionsRequest, EditContactPermissionsResult>({
  mutates: true,
  run({ id, privileges }, { world }) {
    const contact = requireContact(world, id, 'a main client has every privilege, so only a contact has privileges to edit');
    world.replace('clients', { ...contact, privileges: grantedPrivileges(privileges) });
    // As published: the number 1 and no info.
    return { successsave: 1 };
  },
});
