import { defineOperation } from '../operation.js';
import { notFound } from '../../errors.js';
import type { View } from '../../store/world.js';
import type { GetTransactionsRequest, GetTransactionsResult, Transaction } from '../../generated/wire.js';
import { requireClient } from '../../domain/clients.js';
import { transactionItem } from '../../domain/invoices.js';
import { transactionChecks } from '../../domain/transactions.js';
import { matching, pageParams } from '../../lib/lists.js';

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

export default defineOperation<GetTransactionsRequest, GetTransactionsResult>({
  mutates: false,
  run(params, { world }) {
    const rows = matching(candidates(world, params), transactionChecks(world, params.filter ?? {}));
    const { page, perpage } = pageParams(params);
    const { items, sorter } = world.newestPage('transactions', rows, page, perpage);
    return { transactions: items.map((tx) => transactionItem(world, tx)), sorter };
  },
});
