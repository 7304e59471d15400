import { defineOperation } from '../operation.js';
import type { GetClientDomainsRequest, GetClientDomainsResult } from '../../generated/wire.js';
import { requireClient } from '../../domain/clients.js';
import { domainItem, domainMatchers } from '../../domain/domains.js';
import { matching, pageParams } from '../../lib/lists.js';

export default defineOperation<GetClientDomainsRequest, GetClientDomainsResult>({
  mutates: false,
  run(params, { world }) {
    requireClient(world, params.id);
    const rows = matching(world.where('domains', 'client_id', params.id), domainMatchers(world, params.filter ?? {}));
    const { page, perpage } = pageParams(params);
    const { items, sorter } = world.newestPage('domains', rows, page, perpage);
    return { domains: items.map((domain) => domainItem(world, domain)), sorter };
  },
});
