// Transaction lists: the filters getTransactions and getClientTransactions share.
import type { View } from '../store/world.js';
import type { GetTransactionsFilter, Transaction } from '../generated/wire.js';
import { toCents } from './money.js';
import { gatewayName } from './gateways.js';
import { DAY_COMPARE, type DateOp, containsText, sameText } from '../lib/lists.js';

/**
 * One predicate per filter[...] key; text filters match a part, case-insensitively; "" means no filter.
 * The date (YYYY-MM-DD, or a month or year alone) compares the transaction's date, cut to as many
 * characters, by `dateOp` (filterop[date]); by default it must be the same day, month or year.
 */
export function transactionChecks(world: View, filter: GetTransactionsFilter, dateOp: DateOp = '='): Array<(tx: Transaction) => boolean> {
  const { trans_id, date, description, module, lastname, companyname, in: amountIn, out: amountOut, currency_id } = filter;
  const client = (tx: Transaction) => world.get('clients', tx.client_id);
  const checks: Array<(tx: Transaction) => boolean> = [];
  if (trans_id) checks.push((tx) => containsText(tx.trans_id, trans_id));
  if (date) {
    const compare = DAY_COMPARE[dateOp];
    checks.push((tx) => compare(tx.date.slice(0, date.length), date));
  }
  if (description) checks.push((tx) => containsText(tx.description, description));
  if (module) checks.push((tx) => sameText(gatewayName(world, tx.payment_module), module));
  if (lastname) checks.push((tx) => containsText(client(tx)?.lastname ?? '', lastname));
  if (companyname) checks.push((tx) => containsText(client(tx)?.companyname ?? '', companyname));
  if (amountIn) checks.push((tx) => toCents(tx.in) === toCents(amountIn));
  if (amountOut) checks.push((tx) => toCents(tx.out) === toCents(amountOut));
  if (currency_id) checks.push((tx) => tx.currency_id === currency_id);
  return checks;
}
