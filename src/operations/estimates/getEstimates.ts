import { defineOperation } from '../operation.js';
import { requireClient } from '../../domain/billing.js';
import { estimateListItem, newestEstimatesFirst } from '../../domain/estimates.js';
import { pageParams, paginate } from '../../domain/paging.js';
import type { World } from '../../store/world.js';
import type { Estimate, GetEstimatesRequest, GetEstimatesResult } from '../../generated/wire.js';

/** The rows to list, through an index when a client or a status is named; a named client must exist. */
function candidates(db: World, { client_id, status }: GetEstimatesRequest): readonly Estimate[] {
  const table = db.table('estimates');
  if (client_id) {
    requireClient(db, client_id);
    return table.where('client_id', client_id).filter((e) => !status || e.status === status);
  }
  return status ? table.where('status', status) : table.all();
}

export default defineOperation<GetEstimatesRequest, GetEstimatesResult>({
  mutates: false,
  run(params, { db }) {
    const { page, perpage } = pageParams(params);
    const { items, sorter } = paginate(newestEstimatesFirst(candidates(db, params)), page, perpage);
    return { estimates: items.map((e) => estimateListItem(db, e)), sorter };
  },
});
