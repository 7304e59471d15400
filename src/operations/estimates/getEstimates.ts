import { defineOperation } from '../operation.js';
import { estimateListItem, newestEstimatesFirst } from '../../domain/estimates.js';
import type { View } from '../../store/world.js';
import type { Estimate, GetEstimatesRequest, GetEstimatesResult } from '../../generated/wire.js';
import { requireClient } from '../../domain/clients.js';
import { pageParams, paginate } from '../../lib/lists.js';

/** The rows to list, through an index when a client or a status is named; a named client must exist. */
function candidates(world: View, { client_id, status }: GetEstimatesRequest): readonly Estimate[] {
  if (client_id) {
    requireClient(world, client_id);
    return world.where('estimates', 'client_id', client_id).filter((e) => !status || e.status === status);
  }
  return status ? world.where('estimates', 'status', status) : world.all('estimates');
}

export default defineOperation<GetEstimatesRequest, GetEstimatesResult>({
  mutates: false,
  run(params, { world }) {
    const { page, perpage } = pageParams(params);
    const { items, sorter } = paginate(newestEstimatesFirst(candidates(world, params)), page, perpage);
    return { estimates: items.map((e) => estimateListItem(world, e)), sorter };
  },
});
