import { defineMutation } from '../operation.js';
import { requireService } from '../../domain/services.js';
import { addUsageBulk } from '../../domain/metered.js';
import type { MeteredAddUsageBulkRequest, MeteredAddUsageBulkResult } from '../../generated/wire.js';

export default defineMutation<MeteredAddUsageBulkRequest, MeteredAddUsageBulkResult>({
  mutates: true,
  run({ account_id, variables }, { world, now }) {
    const service = requireService(world, account_id);
    return { usage_ids: addUsageBulk(world, service, variables, now) };
  },
});
