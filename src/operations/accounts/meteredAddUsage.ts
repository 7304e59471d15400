import { defineMutation } from '../operation.js';
import { requireService } from '../../domain/services.js';
import { addUsage, serviceVariable } from '../../domain/metered.js';
import { formatDateTime, parseDateTime } from '../../lib/dates.js';
import { fail, messages } from '../../errors.js';
import type { MeteredAddUsageRequest, MeteredAddUsageResult } from '../../generated/wire.js';

export default defineMutation<MeteredAddUsageRequest, MeteredAddUsageResult>({
  mutates: true,
  run(p, { world, now }) {
    const badDates = (['date_created', 'date_updated'] as const).filter((key) => p[key] !== undefined && !parseDateTime(p[key]));
    if (badDates.length > 0) fail(badDates.map((key) => messages.paramInvalid(key, 'a real date and time as YYYY-MM-DD HH:MM:SS')));
    const service = requireService(world, p.account_id);
    const variable = serviceVariable(world, service, p.variable);
    const dateCreated = p.date_created ?? formatDateTime(now);
    const usage = addUsage(world, service, {
      variable,
      qty: p.qty,
      charge: p.charge,
      dateCreated,
      dateUpdated: p.date_updated ?? dateCreated,
      output: p.output ?? '',
      rawoutput: p.rawoutput ?? '',
    });
    return { usage_id: usage.id };
  },
});
