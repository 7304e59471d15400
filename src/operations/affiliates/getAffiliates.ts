import { defineOperation } from '../operation.js';
import { affiliateItem } from '../../domain/affiliates.js';
import { pageParams } from '../../lib/lists.js';
import type { GetAffiliatesRequest, GetAffiliatesResult } from '../../generated/wire.js';

export default defineOperation<GetAffiliatesRequest, GetAffiliatesResult>({
  mutates: false,
  // The published answer puts its sorter after `call`.
  answer: { afterCall: ['sorter'] },
  run(params, { world }) {
    const { page, perpage } = pageParams(params);
    const { items, sorter } = world.newestPage('affiliates', world.all('affiliates'), page, perpage);
    return { affiliates: items.map((affiliate) => affiliateItem(world, affiliate)), sorter };
  },
});
