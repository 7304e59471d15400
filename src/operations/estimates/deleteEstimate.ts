import { defineMutation } from '../operation.js';
import { requireEstimate } from '../../domain/estimateLife.js';
import type { DeleteEstimateRequest, DeleteEstimateResult } from '../../generated/wire.js';

export default defineMutation<DeleteEstimateRequest, DeleteEstimateResult & { info: string[] }>({
  mutates: true,
  run({ id }, { world }) {
    const estimate = requireEstimate(world, id);
    // An invoice made from it stays: it is the client's bill now, not a quote.
    world.remove('estimates', estimate.id);
    return { info: [`Estimate #${estimate.id} deleted`] };
  },
});
