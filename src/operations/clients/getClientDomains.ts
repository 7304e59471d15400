import { defineOperation } from '../operation.js';
import { containsText, domainItem, newestPage, registrarName, requireClient, sameText } from '../../domain/billing.js';
import { pageParams } from '../../domain/paging.js';
import type { GetClientDomainsRequest, GetClientDomainsResult } from '../../generated/wire.js';

export default defineOperation<GetClientDomainsRequest, GetClientDomainsResult>({
  mutates: false,
  run(params, { db }) {
    const client = requireClient(db, params.id);
    const f = params.filter ?? {};
    // Every domain here belongs to one client, so filter[client_name] keeps all of them or none.
    const nameMatches = !f.client_name || containsText(`${client.firstname} ${client.lastname}`, f.client_name);
    const rows = db
      .table('domains')
      .where('client_id', params.id)
      .filter(
        (domain) =>
          nameMatches &&
          (!f.name || containsText(domain.name, f.name)) &&
          (!f.status || domain.status === f.status) &&
          (!f.module || sameText(registrarName(db, domain.reg_module), f.module)),
      );
    const { page, perpage } = pageParams(params);
    const { items, sorter } = newestPage(rows, db.table('domains').ordered, page, perpage);
    return { domains: items.map((domain) => domainItem(db, domain)), sorter };
  },
});
