import { defineOperation } from '../operation.js';
import { MAIN_PARENT_ID } from '../../domain/clients.js';
import type { GetClientsRequest, GetClientsResult } from '../../generated/wire.js';
import { pageParams } from '../../lib/lists.js';

export default defineOperation<GetClientsRequest, GetClientsResult>({
  mutates: false,
  run(params, { world }) {
    // Contacts are client records too; the list shows main accounts only, newest first as the real sample does.
    const { page, perpage } = pageParams(params);
    const { items, sorter } = world.newestPage('clients', world.where('clients', 'parent_id', MAIN_PARENT_ID), page, perpage);
    return {
      clients: items.map(({ id, firstname, lastname, datecreated, email, companyname }) => ({
        id,
        firstname,
        lastname,
        datecreated,
        email,
        companyname,
        // The one count the real API sends as a JSON number.
        services: world.where('accounts', 'client_id', id).length,
      })),
      sorter,
    };
  },
});
