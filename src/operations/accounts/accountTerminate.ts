import { defineMutation } from '../operation.js';
import { moveService, requireService } from '../../domain/services.js';
import type { AccountTerminateRequest, AccountTerminateResult } from '../../generated/wire.js';

export default defineMutation<AccountTerminateRequest, AccountTerminateResult & { info: string[] }>({
  mutates: true,
  run({ id }, { world }) {
    // billsim runs no provisioning module: the move is the service's (and its addons') status.
    moveService(world, requireService(world, id), 'terminate');
    return { info: ['Account terminated'] };
  },
});
