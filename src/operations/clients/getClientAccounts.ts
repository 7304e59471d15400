import { defineOperation } from '../operation.js';
import { notFound } from '../../errors.js';
import type { GetClientAccountsRequest, GetClientAccountsResult } from '../../generated/wire.js';
import { accountItem } from '../../domain/accounts.js';
import { inOrderPage } from '../../domain/catalogue.js';
import { requireClient } from '../../domain/clients.js';
import { pageParams } from '../../lib/lists.js';

export default defineOperation<GetClientAccountsRequest, GetClientAccountsResult>({
  mutates: false,
  run(params, { world }) {
    const { id, category_id, status } = params;
    requireClient(world, id);
    if (category_id && !world.get('order_pages', category_id)) notFound('Order page', category_id);
    // status arrives as a list: a single status=Active is widened to ["Active"] by validation.
    const statuses = status && status.length > 0 ? new Set<string>(status) : undefined;
    const rows = world
      .where('accounts', 'client_id', id)
      .filter(
        (account) =>
          (!statuses || statuses.has(account.status)) &&
          (!category_id || inOrderPage(world, world.get('products', account.product_id)?.category_id ?? '0', category_id)),
      );
    const { page, perpage } = pageParams(params);
    const { items, sorter } = world.newestPage('accounts', rows, page, perpage);
    return { accounts: items.map((account) => accountItem(world, account)), sorter };
  },
});
