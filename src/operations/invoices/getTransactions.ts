import { defineOperation } from '../operation.js';
import { notFound } from '../../errors.js';
import { toCents } from '../../domain/money.js';
import type { View } from '../../store/world.js';
import type { GetTransactionsFilter, GetTransactionsRequest, GetTransactionsResult, Transaction } from '../../generated/wire.js';
import { requireClient } from '../../domain/clients.js';
import { gatewayName } from '../../domain/gateways.js';
import { transactionItem } from '../../domain/invoices.js';
import { containsText, matching, pageParams, sameText } from '../../lib/lists.js';

/** The candidate rows: through an index when a client or invoice is named (each must exist), else all. */
function candidates(world: View, { client_id, invoice_id }: GetTransactionsRequest): readonly Transaction[] {
  if (client_id) requireClient(world, client_id);
  if (invoice_id && !world.get('invoices', invoice_id)) notFound('Invoice', invoice_id);
  if (invoice_id) {
    return world.where('transactions', 'invoice_id', invoice_id).filter((tx) => !client_id || tx.client_id === client_id);
  }
  if (client_id) return world.where('transactions', 'client_id', client_id);
  return world.all('transactions');
}

/** One predicate per filter[...] key; text filters match a part, case-insensitively; "" means no filter. */
function matchers(world: View, filter: GetTransactionsFilter): Array<(tx: Transaction) => boolean> {
  const { trans_id, date, description, module, lastname, companyname, in: amountIn, out: amountOut, currency_id } = filter;
  const client = (tx: Transaction) => world.get('clients', tx.client_id);
  const checks: Array<(tx: Transaction) => boolean> = [];
  if (trans_id) checks.push((tx) => containsText(tx.trans_id, trans_id));
  if (date) checks.push((tx) => tx.date.startsWith(date));
  if (description) checks.push((tx) => containsText(tx.description, description));
  if (module) checks.push((tx) => sameText(gatewayName(world, tx.payment_module), module));
  if (lastname) checks.push((tx) => containsText(client(tx)?.lastname ?? '', lastname));
  if (companyname) checks.push((tx) => containsText(client(tx)?.companyname ?? '', companyname));
  if (amountIn) checks.push((tx) => toCents(tx.in) === toCents(amountIn));
  if (amountOut) checks.push((tx) => toCents(tx.out) === toCents(amountOut));
  if (currency_id) checks.push((tx) => tx.currency_id === currency_id);
  return checks;
}

export default defineOperation<GetTransactionsRequest, GetTransactionsResult>({
  mutates: false,
  run(params, { world }) {
    const rows = matching(candidates(world, params), matchers(world, params.filter ?? {}));
    const { page, perpage } = pageParams(params);
    const { items, sorter } = world.newestPage('transactions', rows, page, perpage);
    return { transactions: items.map((tx) => transactionItem(world, tx)), sorter };
  },
});
