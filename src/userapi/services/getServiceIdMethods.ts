import { callerOf, defineRead } from '../route.js';
import { customerService, serviceCycles } from '../../domain/customerServices.js';
import { pendingUpgrade } from '../../domain/upgrades.js';
import { canRenewEarly, unpaidRenewal } from '../../domain/renewals.js';
import { canRequestCancellation, openCancellation } from '../../domain/cancellations.js';
import type { Account, UserApiGetServiceIdMethodsAnswer, UserApiGetServiceIdMethodsInput } from '../../generated/wire.js';
import type { View } from '../../store/world.js';

/** The door's routes on one service, each with when it applies (what its domain rule would not refuse). */
const SERVICE_ROUTES: ReadonlyArray<{ route: string; applies: (world: View, account: Account) => boolean }> = [
  { route: 'GET /service/{id}', applies: () => true },
  { route: 'GET /service/{id}/label', applies: () => true },
  { route: 'POST /service/{id}/label', applies: () => true },
  { route: 'GET /service/{id}/cycle', applies: () => true },
  {
    route: 'POST /service/{id}/cycle',
    applies: (world, account) =>
      account.status === 'Active' && serviceCycles(world, account).length > 1 && !pendingUpgrade(world, account.id),
  },
  { route: 'POST /service/{id}/cancel', applies: (world, account) => canRequestCancellation(world, account) },
  {
    route: 'POST /service/{id}/renew',
    applies: (world, account) => canRenewEarly(account) && !openCancellation(world, account.id) && !unpaidRenewal(world, account),
  },
];

export default defineRead<UserApiGetServiceIdMethodsInput, UserApiGetServiceIdMethodsAnswer>({
  run({ id }, ctx) {
    const account = customerService(ctx.world, callerOf(ctx).clientId, id);
    const methods = SERVICE_ROUTES.filter((entry) => entry.applies(ctx.world, account)).map(({ route }) => {
      const [method, path] = route.split(' ') as ['GET' | 'POST', string];
      return { method, path: path.replace('{id}', account.id), route };
    });
    return { methods };
  },
});
