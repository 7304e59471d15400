import { defineOperation } from '../operation.js';
import { contactItems, requireClient } from '../../domain/clients.js';
import { pageParams, paginate } from '../../domain/paging.js';
import type { GetClientContactsRequest, GetClientContactsResult } from '../../generated/wire.js';

export default defineOperation<GetClientContactsRequest, GetClientContactsResult>({
  mutates: false,
  run(params, { db }) {
    requireClient(db, params.id);
    const { page, perpage } = pageParams(params);
    const { items, sorter } = paginate(contactItems(db, params.id), page, perpage);
    return { contacts: items, sorter };
  },
});
