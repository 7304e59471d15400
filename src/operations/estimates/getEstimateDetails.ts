import { defineOperation } from '../operation.js';
import { notFound } from '../../errors.js';
import { estimateView } from '../../domain/estimates.js';
import type { GetEstimateDetailsRequest, GetEstimateDetailsResult } from '../../generated/wire.js';

export default defineOperation<GetEstimateDetailsRequest, GetEstimateDetailsResult>({
  mutates: false,
  run({ id }, { world }) {
    const estimate = world.get('estimates', id) ?? notFound('Estimate', id);
    return { estimate: estimateView(world, estimate) };
  },
});
