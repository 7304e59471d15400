import { defineOperation } from '../operation.js';
import type { View } from '../../store/world.js';
import type { Domain, GetDomainsRequest, GetDomainsResult } from '../../generated/wire.js';
import { DOMAIN_LISTS, domainItem, domainMatchers } from '../../domain/domains.js';
import { matching, pageParams } from '../../lib/lists.js';

/** The candidate rows through the status index when one status is named, else all; the matchers apply every condition. */
function candidates(world: View, params: GetDomainsRequest): readonly Domain[] {
  const listed = DOMAIN_LISTS[params.list ?? 'all'];
  const status = params.filter?.status || (listed?.length === 1 ? listed[0] : undefined);
  return status ? world.where('domains', 'status', status) : world.all('domains');
}

export default defineOperation<GetDomainsRequest, GetDomainsResult>({
  mutates: false,
  run(params, { world }) {
    // billsim has one brand, so filter[brand_id] (0 or 1, checked by the schema) keeps every domain.
    const rows = matching(candidates(world, params), domainMatchers(world, params.filter ?? {}, params.list));
    const { page, perpage } = pageParams(params);
    const { items, sorter } = world.newestPage('domains', rows, page, perpage);
    return { domains: items.map((domain) => domainItem(world, domain)), sorter };
  },
});
