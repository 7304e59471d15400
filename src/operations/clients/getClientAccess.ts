import { defineOperation } from '../operation.js';
import { requireClient } from '../../domain/clients.js';
import { accessItems } from '../../domain/guests.js';
import { paginate } from '../../lib/lists.js';
import type { GetClientAccessRequest, GetClientAccessResult } from '../../generated/wire.js';

// The published sample pages by 10, not by the 25 of the other lists.
const PER_PAGE = 10;

export default defineOperation<GetClientAccessRequest, GetClientAccessResult>({
  mutates: false,
  // The published answer puts its sorter after `call`.
  answer: { afterCall: ['sorter'] },
  run(params, { world }) {
    const person = requireClient(world, params.id);
    const page = params.page ? Number(params.page) : 0;
    const perpage = params.perpage ? Number(params.perpage) : PER_PAGE;
    const { items, sorter } = paginate(accessItems(world, person.id), page, perpage);
    // As published: the record count a string, the rest numbers.
    return { contacts: items, sorter: { ...sorter, sorterrecords: String(sorter.sorterrecords) } };
  },
});
