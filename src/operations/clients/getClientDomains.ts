import { defineOperation } from '../operation.js';
import type { GetClientDomainsRequest, GetClientDomainsResult } from '../../generated/wire.js';
import { requireClient } from '../../domain/clients.js';
import { domainItem, registrarName } from '../../domain/domains.js';
import { containsText, pageParams, sameText } from '../../domain/lists.js';

export default defineOperation<GetClientDomainsRequest, GetClientDomainsResult>({
  mutates: false,
  run(params, { world }) {
    const client = requireClient(world, params.id);
    const f = params.filter ?? {};
    // Every domain here belongs to one client, so filter[client_name] keeps all of them or none.
    const nameMatches = !f.client_name || containsText(`${client.firstname} ${client.lastname}`, f.client_name);
    const rows = world
      .where('domains', 'client_id', params.id)
      .filter(
        (domain) =>
          nameMatches &&
          (!f.name || containsText(domain.name, f.name)) &&
          (!f.status || domain.status === f.status) &&
          (!f.module || sameText(registrarName(world, domain.reg_module), f.module)),
      );
    const { page, perpage } = pageParams(params);
    const { items, sorter } = world.newestPage('domains', rows, page, perpage);
    return { domains: items.map((domain) => domainItem(world, domain)), sorter };
  },
});
