import { defineMutation } from '../operation.js';
import { requireClient } from '../../domain/clients.js';
import { requireEstimate, sentStatus } from '../../domain/estimateLife.js';
import { recordEstimateEmail } from '../../domain/outbox.js';
import type { SendEstimateRequest, SendEstimateResult } from '../../generated/wire.js';

export default defineMutation<SendEstimateRequest, SendEstimateResult & { info: string[] }>({
  mutates: true,
  run({ id }, { world, now }) {
    const estimate = requireEstimate(world, id);
    const status = sentStatus(estimate);
    const client = requireClient(world, estimate.client_id);
    world.replace('estimates', { ...estimate, status });
    recordEstimateEmail(world, client, estimate, now);
    return { info: [`Estimate #${estimate.id} sent to client`] };
  },
});
