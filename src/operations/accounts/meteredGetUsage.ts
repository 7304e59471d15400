import { defineOperation } from '../operation.js';
import { requireService } from '../../domain/services.js';
import { usageReport } from '../../domain/metered.js';
import type { MeteredGetUsageRequest, MeteredGetUsageResult } from '../../generated/wire.js';

export default defineOperation<MeteredGetUsageRequest, MeteredGetUsageResult>({
  mutates: false,
  run({ account_id }, { world }) {
    return { variables: usageReport(world, requireService(world, account_id)) };
  },
});
