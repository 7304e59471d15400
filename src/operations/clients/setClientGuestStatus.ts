import { defineMutation } from '../operation.js';
import { setGrantStatus } from '../../domain/guests.js';
import type { SetClientGuestStatusRequest, SetClientGuestStatusResult } from '../../generated/wire.js';

export default defineMutation<SetClientGuestStatusRequest, SetClientGuestStatusResult>({
  mutates: true,
  run({ id, status }, { world }) {
    setGrantStatus(world, id, status);
    // As published: the number 1 and no info.
    return { successsave: 1 };
  },
});
