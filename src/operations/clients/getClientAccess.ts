import { defineOperation } from '../operation.js';
import { requireClient } from '../../domain/clients.js';
import { accessItems } from '../../domain/guests.js';
import { pageParams, paginate } from '../../lib/lists.js';
import type { GetClientAccessRequest, GetClientAccessResult } from '../../generated/wire.js';

export default defineOperation<GetClientAccessRequest, GetClientAccessResult>({
  mutates: false,
  // The published answer puts its sorter after `call`.
  answer: { afterCall: ['sorter'] },
  run(params, { world }) {
    const person = requireClient(world, params.id);
    // The published sample pages by 10, not by the 25 of the other lists (src/lib/lists.ts).
    const { page, perpage } = pageParams(params, 'getClientAccess');
    const { items, sorter } = paginate(accessItems(world, person.id), page, perpage);
    // As published: the record count a string, the rest numbers.
    return { contacts: items, sorter: { ...sorter, sorterrecords: String(sorter.sorterrecords) } };
  },
});
