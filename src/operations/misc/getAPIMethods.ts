import { defineOperation } from '../operation.js';
import { allowedCalls } from '../../domain/apiAccess.js';
import { simulatedCalls } from '../../schemas.js';
import type { GetAPIMethodsRequest, GetAPIMethodsResult } from '../../generated/wire.js';

export default defineOperation<GetAPIMethodsRequest, GetAPIMethodsResult>({
  mutates: false,
  run(_params, { caller }) {
    return { methods: allowedCalls(caller, simulatedCalls()) };
  },
});
