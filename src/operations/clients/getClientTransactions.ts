import { defineOperation } from '../operation.js';
import { requireClient } from '../../domain/clients.js';
import { transactionItem } from '../../domain/invoices.js';
import { transactionChecks } from '../../domain/transactions.js';
import { matching, pageParams } from '../../lib/lists.js';
import type { GetClientTransactionsRequest, GetClientTransactionsResult } from '../../generated/wire.js';

export default defineOperation<GetClientTransactionsRequest, GetClientTransactionsResult>({
  mutates: false,
  run(params, { world }) {
    const client = requireClient(world, params.id);
    const checks = transactionChecks(world, params.filter ?? {}, params.filterop?.date);
    const rows = matching(world.where('transactions', 'client_id', client.id), checks);
    const { page, perpage } = pageParams(params);
    const { items, sorter } = world.newestPage('transactions', rows, page, perpage);
    return { transactions: items.map((tx) => transactionItem(world, tx)), sorter };
  },
});
