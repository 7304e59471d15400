import { defineOperation } from '../operation.js';
import type { GetHostBillversionRequest, GetHostBillversionResult } from '../../generated/wire.js';

/** The HostBill release billsim imitates. HostBill names its weekly releases by date. */
export const HOSTBILL_VERSION = '2025-11-05';

export default defineOperation<GetHostBillversionRequest, GetHostBillversionResult>({
  mutates: false,
  run() {
    return { version: HOSTBILL_VERSION };
  },
});
