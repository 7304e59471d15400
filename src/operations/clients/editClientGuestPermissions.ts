import { defineMutation } from '../operation.js';
import { setGrantPrivileges } from '../../domain/guests.js';
import type { EditClientGuestPermissionsRequest, EditClientGuestPermissionsResult } from '../../generated/wire.js';

export default defineMutation<EditClientGuestPermissionsRequest, EditClientGuestPermissionsResult>({
  mutates: true,
  run({ id, privileges }, { world }) {
    setGrantPrivileges(world, id, privileges);
    // As published: the number 1 and no info.
    return { successsave: 1 };
  },
});
