import { defineOperation } from '../operation.js';
import { notFound } from '../../errors.js';
import { accountAddonItem } from '../../domain/accounts.js';
import { oldestFirst } from '../../domain/billing.js';
import type { GetAccountAddonsRequest, GetAccountAddonsResult } from '../../generated/wire.js';

export default defineOperation<GetAccountAddonsRequest, GetAccountAddonsResult>({
  mutates: false,
  run({ id }, { db }) {
    if (!db.get('accounts', id)) notFound('Account', id);
    // Oldest first: the order the addons were attached in.
    const rows = oldestFirst(db.table('account_addons').where('account_id', id));
    return { account_addons: rows.map((row) => accountAddonItem(db, row)) };
  },
});
