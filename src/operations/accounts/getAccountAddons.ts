import { defineOperation } from '../operation.js';
import { notFound } from '../../errors.js';
import { accountAddonItem } from '../../domain/accounts.js';
import type { GetAccountAddonsRequest, GetAccountAddonsResult } from '../../generated/wire.js';
import { oldestFirst } from '../../lib/lists.js';

export default defineOperation<GetAccountAddonsRequest, GetAccountAddonsResult>({
  mutates: false,
  run({ id }, { world }) {
    if (!world.get('accounts', id)) notFound('Account', id);
    // Oldest first: the order the addons were attached in.
    const rows = oldestFirst(world.where('account_addons', 'account_id', id));
    return { account_addons: rows.map((row) => accountAddonItem(world, row)) };
  },
});
