import { defineOperation } from '../operation.js';
import { requireClient } from '../../domain/clients.js';
import { draftListItem } from '../../domain/drafts.js';
import { pageParams } from '../../lib/lists.js';
import type { GetClientDraftOrdersRequest, GetClientDraftOrdersResult } from '../../generated/wire.js';

export default defineOperation<GetClientDraftOrdersRequest, GetClientDraftOrdersResult>({
  mutates: false,
  // The published answer names another call and puts its sorter after `call`.
  answer: { call: 'getOrdersDraft', afterCall: ['sorter'] },
  run(params, { world }) {
    const client = requireClient(world, params.client_id);
    const { page, perpage } = pageParams(params);
    const { items, sorter } = world.newestPage('order_drafts', world.where('order_drafts', 'client_id', client.id), page, perpage);
    return {
      orders: items.map((draft) => draftListItem(world, draft)),
      // Unlike the other lists' sorter, this one's published record count is a string.
      sorter: { ...sorter, sorterrecords: String(sorter.sorterrecords) },
    };
  },
});
