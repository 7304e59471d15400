import { defineOperation } from '../operation.js';
import { notFound } from '../../errors.js';
import { estimateView } from '../../domain/estimates.js';
import type { GetEstimateDetailsRequest, GetEstimateDetailsResult } from '../../generated/wire.js';

export default defineOperation<GetEstimateDetailsRequest, GetEstimateDetailsResult>({
  mutates: false,
  run({ id }, { db }) {
    const estimate = db.get('estimates', id) ?? notFound('Estimate', id);
    return { estimate: estimateView(db, estimate) };
  },
});
