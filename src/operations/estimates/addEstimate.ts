import { defineMutation } from '../operation.js';
import { requireMainClient } from '../../domain/clients.js';
import { newEstimate } from '../../domain/estimateLife.js';
import type { AddEstimateRequest, AddEstimateResult } from '../../generated/wire.js';
import { estimateCreated } from '../../domain/events.js';

export default defineMutation<AddEstimateRequest, AddEstimateResult & { info: string[] }>({
  mutates: true,
  run({ client_id }, { world, now }) {
    const client = requireMainClient(world, client_id, (parent) => `create the estimate for main client ${parent}`);
    const estimate = world.insert('estimates', newEstimate(world, client, now));
    estimateCreated(world, estimate);
    return { estimate_id: estimate.id, info: ['New estimate has been created'] };
  },
});
