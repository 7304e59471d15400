import { defineMutation } from '../operation.js';
import { invoiceEstimate, refuseInvoiced, requireEstimate } from '../../domain/estimateLife.js';
import type { SetEstimateStatusRequest, SetEstimateStatusResult } from '../../generated/wire.js';

export default defineMutation<SetEstimateStatusRequest, SetEstimateStatusResult & { info: string[] }>({
  mutates: true,
  run({ id, status }, { world, now }) {
    const estimate = requireEstimate(world, id);
    const marked = `Estimate #${estimate.id} marked ${status}`;
    if (status === 'Invoiced') {
      // Invoiced always means an invoice exists: the status is reached only by making it.
      const invoice = invoiceEstimate(world, estimate, now);
      return { info: [marked, `Invoice #${invoice.id} created`] };
    }
    refuseInvoiced(estimate, 'its status no longer changes');
    if (estimate.status !== status) world.replace('estimates', { ...estimate, status });
    return { info: [marked] };
  },
});
