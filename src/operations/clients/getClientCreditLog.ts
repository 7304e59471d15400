import { defineOperation } from '../operation.js';
import { requireClient } from '../../domain/clients.js';
import { creditLogItem } from '../../domain/credit.js';
import { pageParams } from '../../lib/lists.js';
import type { GetClientCreditLogRequest, GetClientCreditLogResult } from '../../generated/wire.js';

export default defineOperation<GetClientCreditLogRequest, GetClientCreditLogResult>({
  mutates: false,
  run(params, { world }) {
    const client = requireClient(world, params.id);
    const { page, perpage } = pageParams(params);
    const { items, sorter } = world.newestPage('credit_log', world.where('credit_log', 'client_id', client.id), page, perpage);
    return { log: items.map((entry) => creditLogItem(world, entry)), sorter };
  },
});
