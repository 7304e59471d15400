import { defineOperation } from '../operation.js';
import { notFound } from '../../errors.js';
import { accountItem, inOrderPage, newestPage, requireClient } from '../../domain/billing.js';
import { pageParams } from '../../domain/paging.js';
import type { GetClientAccountsRequest, GetClientAccountsResult } from '../../generated/wire.js';

export default defineOperation<GetClientAccountsRequest, GetClientAccountsResult>({
  mutates: false,
  run(params, { db }) {
    const { id, category_id, status } = params;
    requireClient(db, id);
    if (category_id && !db.get('order_pages', category_id)) notFound('Order page', category_id);
    // status arrives as a list: a single status=Active is widened to ["Active"] by validation.
    const statuses = status && status.length > 0 ? new Set<string>(status) : undefined;
    const rows = db
      .table('accounts')
      .where('client_id', id)
      .filter(
        (account) =>
          (!statuses || statuses.has(account.status)) &&
          (!category_id || inOrderPage(db, db.get('products', account.product_id)?.category_id ?? '0', category_id)),
      );
    const { page, perpage } = pageParams(params);
    const { items, sorter } = newestPage(rows, db.table('accounts').ordered, page, perpage);
    return { accounts: items.map((account) => accountItem(db, account)), sorter };
  },
});
