import { defineOperation } from '../operation.js';
import { MAIN_PARENT_ID } from '../../domain/clients.js';
import { newestPage } from '../../domain/billing.js';
import { pageParams } from '../../domain/paging.js';
import type { GetClientsRequest, GetClientsResult } from '../../generated/wire.js';

export default defineOperation<GetClientsRequest, GetClientsResult>({
  mutates: false,
  run(params, { db }) {
    // Contacts are client records too; the list shows main accounts only, newest first as the real sample does.
    const clients = db.table('clients');
    const { page, perpage } = pageParams(params);
    const { items, sorter } = newestPage(clients.where('parent_id', MAIN_PARENT_ID), clients.ordered, page, perpage);
    const accounts = db.table('accounts');
    return {
      clients: items.map(({ id, firstname, lastname, datecreated, email, companyname }) => ({
        id,
        firstname,
        lastname,
        datecreated,
        email,
        companyname,
        // The one count the real API sends as a JSON number.
        services: accounts.where('client_id', id).length,
      })),
      sorter,
    };
  },
});
