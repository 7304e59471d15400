import { defineOperation } from '../operation.js';
import { notFound } from '../../errors.js';
import { transactionDetails } from '../../domain/invoices.js';
import type { GetTransactionDetailsRequest, GetTransactionDetailsResult } from '../../generated/wire.js';

export default defineOperation<GetTransactionDetailsRequest, GetTransactionDetailsResult>({
  mutates: false,
  run({ id }, { world }) {
    const tx = world.get('transactions', id) ?? notFound('Transaction', id);
    return { transaction: transactionDetails(world, tx) };
  },
});
