import { defineRead } from '../route.js';
import { enabledGateways } from '../../domain/gateways.js';
import type { UserApiGetPaymentAnswer, UserApiGetPaymentInput, UserApiPaymentNames } from '../../generated/wire.js';

export default defineRead<UserApiGetPaymentInput, UserApiGetPaymentAnswer>({
  run(_input, { world }) {
    // Integer-like keys keep ascending numeric order, as getPaymentModules lists them.
    const payments: UserApiPaymentNames = {};
    for (const gateway of enabledGateways(world)) payments[gateway.id] = gateway.name;
    // PHP encodes an empty array as [], not {}.
    return { payments: Object.keys(payments).length > 0 ? payments : [] };
  },
});
