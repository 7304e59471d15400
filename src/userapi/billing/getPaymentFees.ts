import { defineRead } from '../route.js';
import { GATEWAY_FEES, enabledGateways } from '../../domain/gateways.js';
import type { UserApiGetPaymentFeesAnswer, UserApiGetPaymentFeesInput, UserApiPaymentFeesList } from '../../generated/wire.js';

export default defineRead<UserApiGetPaymentFeesInput, UserApiGetPaymentFeesAnswer>({
  run(_input, { world }) {
    const payments: UserApiPaymentFeesList = {};
    for (const { id, name } of enabledGateways(world)) payments[id] = { id, name, ...GATEWAY_FEES };
    // PHP encodes an empty array as [], not {}.
    return { payments: Object.keys(payments).length > 0 ? payments : [] };
  },
});
