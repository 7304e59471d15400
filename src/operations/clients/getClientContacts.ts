import { defineOperation } from '../operation.js';
import { contactItems, requireClient } from '../../domain/clients.js';
import type { GetClientContactsRequest, GetClientContactsResult } from '../../generated/wire.js';
import { pageParams, paginate } from '../../lib/lists.js';

export default defineOperation<GetClientContactsRequest, GetClientContactsResult>({
  mutates: false,
  run(params, { world }) {
    requireClient(world, params.id);
    const { page, perpage } = pageParams(params);
    const { items, sorter } = paginate(contactItems(world, params.id), page, perpage);
    return { contacts: items, sorter };
  },
});
