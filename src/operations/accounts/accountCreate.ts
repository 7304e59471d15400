import { defineMutation } from '../operation.js';
import { moveService, requireService } from '../../domain/services.js';
import type { AccountCreateRequest, AccountCreateResult } from '../../generated/wire.js';

export default defineMutation<AccountCreateRequest, AccountCreateResult & { info: string[] }>({
  mutates: true,
  run({ id }, { world }) {
    // billsim runs no provisioning module: the move is the service's (and its addons') status.
    const account = moveService(world, requireService(world, id), 'create');
    // The published message names the account: "Account #85 created".
    return { info: [`Account #${account.id} created`] };
  },
});
