import { defineOperation } from './operation.js';
import { MAIN_PARENT_ID } from '../domain/clients.js';
import { pageParams, paginate } from '../domain/paging.js';
import type { GetClientsRequest, GetClientsResult } from '../generated/wire.js';

export default defineOperation<GetClientsRequest, GetClientsResult>({
  mutates: false,
  run(params, { db }) {
    // Contacts are client records too; the list shows main accounts only, newest first as the real sample does.
    const rows = [...db.table('clients').where('parent_id', MAIN_PARENT_ID)].sort((a, b) => Number(b.id) - Number(a.id));
    const { page, perpage } = pageParams(params);
    const { items, sorter } = paginate(rows, page, perpage);
    const accounts = db.table('accounts');
    return {
      clients: items.map(({ id, firstname, lastname, datecreated, email, companyname }) => ({
        id, firstname, lastname, datecreated, email, companyname,
        // The one count the real API sends as a JSON number.
        services: accounts.where('client_id', id).length,
      })),
      sorter,
    };
  },
});
