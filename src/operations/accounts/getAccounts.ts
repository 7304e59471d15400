import { defineOperation } from '../operation.js';
import { notFound } from '../../errors.js';
import type { View } from '../../store/world.js';
import type { Account, GetAccountsFilter, GetAccountsRequest, GetAccountsResult } from '../../generated/wire.js';
import { accountItem } from '../../domain/accounts.js';
import { inOrderPage } from '../../domain/catalogue.js';
import { containsText, matching, pageParams } from '../../lib/lists.js';

type ListName = NonNullable<GetAccountsRequest['list']>;

/** `list` picks one status; "all" (the default) picks none. */
const LIST_STATUS: Record<ListName, Account['status'] | undefined> = {
  all: undefined,
  all_active: 'Active',
  all_pending: 'Pending',
  all_suspended: 'Suspended',
  all_terminated: 'Terminated',
  all_fraud: 'Fraud',
  all_cancelled: 'Cancelled',
};

/**
 * The candidate rows through the narrowest index a request names, and the condition that index
 * already holds for every one of them (the matchers then leave it out: a list of every Active
 * service would otherwise be read whole to keep every row).
 */
function candidates(
  world: View,
  product: string | undefined,
  status: string | undefined,
): { rows: readonly Account[]; holds: Set<string> } {
  if (product) return { rows: world.where('accounts', 'product_id', product), holds: new Set([`product ${product}`]) };
  if (status) return { rows: world.where('accounts', 'status', status), holds: new Set([`status ${status}`]) };
  return { rows: world.all('accounts'), holds: new Set() };
}

/** One predicate per condition the candidates do not already hold; text filters match a part, case-insensitively; "" means no filter. */
function matchers(world: View, listStatus: string | undefined, f: GetAccountsFilter, holds: Set<string>): Array<(a: Account) => boolean> {
  const checks: Array<(a: Account) => boolean> = [];
  if (listStatus && !holds.has(`status ${listStatus}`)) checks.push((a) => a.status === listStatus);
  if (f.status && !holds.has(`status ${f.status}`)) checks.push((a) => a.status === f.status);
  if (f.product_id && !holds.has(`product ${f.product_id}`)) checks.push((a) => a.product_id === f.product_id);
  if (f.client_name) {
    const name = f.client_name;
    checks.push((a) => {
      const client = world.get('clients', a.client_id);
      return containsText(client ? `${client.firstname} ${client.lastname}` : '', name);
    });
  }
  const { domain } = f;
  if (domain) checks.push((a) => containsText(a.domain, domain));
  if (f.next_due) checks.push((a) => a.next_due === f.next_due);
  if (f.billingcycle) checks.push((a) => a.billingcycle === f.billingcycle);
  if (f.server_id) checks.push((a) => a.server_id === f.server_id);
  if (f.category_id) {
    const page = f.category_id;
    checks.push((a) => inOrderPage(world, world.get('products', a.product_id)?.category_id ?? '0', page));
  }
  return checks;
}

export default defineOperation<GetAccountsRequest, GetAccountsResult>({
  mutates: false,
  run(params, { world }) {
    const filter = params.filter ?? {};
    if (filter.product_id && !world.get('products', filter.product_id)) notFound('Product', filter.product_id);
    if (filter.category_id && !world.get('order_pages', filter.category_id)) notFound('Order page', filter.category_id);
    const listStatus = LIST_STATUS[params.list ?? 'all'];
    const { rows: found, holds } = candidates(world, filter.product_id, listStatus ?? filter.status);
    const rows = matching(found, matchers(world, listStatus, filter, holds));
    const { page, perpage } = pageParams(params);
    const { items, sorter } = world.newestPage('accounts', rows, page, perpage);
    return { accounts: items.map((account) => accountItem(world, account)), sorter };
  },
});
