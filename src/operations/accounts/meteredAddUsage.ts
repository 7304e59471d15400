import { defineMutation } from '../operation.js';
import { requireService } from '../../domain/services.js';
import { addUsage, badUsageDates, newUsage, serviceVariable } from '../../domain/metered.js';
import { fail } from '../../errors.js';
import type { MeteredAddUsageRequest, MeteredAddUsageResult } from '../../generated/wire.js';

export default defineMutation<MeteredAddUsageRequest, MeteredAddUsageResult>({
  mutates: true,
  run(p, { world, now }) {
    const badDates = badUsageDates(p, (key) => key);
    if (badDates.length > 0) fail(badDates);
    const service = requireService(world, p.account_id);
    const variable = serviceVariable(world, service, p.variable);
    return { usage_id: addUsage(world, service, newUsage(variable, p, now)).id };
  },
});
