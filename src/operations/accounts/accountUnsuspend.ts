import { defineMutation } from '../operation.js';
import { moveService, requireService } from '../../domain/services.js';
import type { AccountUnsuspendRequest, AccountUnsuspendResult } from '../../generated/wire.js';

export default defineMutation<AccountUnsuspendRequest, AccountUnsuspendResult & { info: string[] }>({
  mutates: true,
  run({ id }, { world }) {
    // billsim runs no provisioning module: the move is the service's (and its addons') status.
    moveService(world, requireService(world, id), 'unsuspend');
    // Published on the accountSuspend page, whose sample is this call's answer.
    return { info: ['Account unsuspended'] };
  },
});
