import { defineMutation } from '../operation.js';
import { removeGrant } from '../../domain/guests.js';
import type { RemoveClientGuestRequest, RemoveClientGuestResult } from '../../generated/wire.js';

export default defineMutation<RemoveClientGuestRequest, RemoveClientGuestResult>({
  mutates: true,
  run({ id }, { world }) {
    removeGrant(world, id);
    // As published: the raw language key, not a sentence.
    return { info: ['deletedcontact'] };
  },
});
