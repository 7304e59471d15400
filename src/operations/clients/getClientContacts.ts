import { defineOperation } from '../operation.js';
import { contactItems, requireClient } from '../../domain/clients.js';
import { guestItems } from '../../domain/guests.js';
import type { GetClientContactsRequest, GetClientContactsResult } from '../../generated/wire.js';
import { pageParams, paginate } from '../../lib/lists.js';

export default defineOperation<GetClientContactsRequest, GetClientContactsResult>({
  mutates: false,
  run(params, { world }) {
    requireClient(world, params.id);
    const { page, perpage } = pageParams(params);
    // Contacts, then guests: the vendor lists both, a guest as a type "user" row.
    const rows = [...contactItems(world, params.id), ...guestItems(world, params.id)];
    const { items, sorter } = paginate(rows, page, perpage);
    return { contacts: items, sorter };
  },
});
