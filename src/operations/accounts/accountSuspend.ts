import { defineMutation } from '../operation.js';
import { moveService, requireService } from '../../domain/services.js';
import type { AccountSuspendRequest, AccountSuspendResult } from '../../generated/wire.js';

export default defineMutation<AccountSuspendRequest, AccountSuspendResult & { info: string[] }>({
  mutates: true,
  run({ id }, { world }) {
    // billsim runs no provisioning module: the move is the service's (and its addons') status.
    moveService(world, requireService(world, id), 'suspend');
    // Not published (the vendor's page shows an unsuspend answer): worded as the unsuspend and terminate messages are.
    return { info: ['Account suspended'] };
  },
});
