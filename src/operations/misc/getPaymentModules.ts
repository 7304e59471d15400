import { defineOperation } from '../operation.js';
import { enabledGateways } from '../../domain/gateways.js';
import type { GetPaymentModulesRequest, GetPaymentModulesResult, PaymentModules } from '../../generated/wire.js';

export default defineOperation<GetPaymentModulesRequest, GetPaymentModulesResult>({
  mutates: false,
  run(_params, { world }) {
    // Integer-like keys keep ascending numeric order in a JS object, the published sample's order.
    const modules: PaymentModules = {};
    for (const gateway of enabledGateways(world)) modules[gateway.id] = gateway.name;
    // PHP encodes an empty array as [], not {}.
    return { modules: Object.keys(modules).length > 0 ? modules : [] };
  },
});
