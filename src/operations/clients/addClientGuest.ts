import { defineMutation } from '../operation.js';
import { addGrant } from '../../domain/guests.js';
import type { AddClientGuestRequest, AddClientGuestResult } from '../../generated/wire.js';

export default defineMutation<AddClientGuestRequest, AddClientGuestResult>({
  mutates: true,
  run(p, { world, now }) {
    const grant = addGrant(
      world,
      { hostId: p.id, userId: p.user_id, status: p.status, privileges: p.privileges, notify: p.notifyclient === '1' },
      now,
    );
    // As published: the id as a string and the raw language key.
    return { access_id: grant.id, info: ['user_added'] };
  },
});
