import { callerOf, defineRead } from '../route.js';
import { customerInvoiceItem, seenByClient } from '../../domain/customerBilling.js';
import type { UserApiGetInvoiceAnswer, UserApiGetInvoiceInput } from '../../generated/wire.js';
import { DEFAULT_PER_PAGE, doorPageInfo } from '../../lib/lists.js';

export default defineRead<UserApiGetInvoiceInput, UserApiGetInvoiceAnswer>({
  run({ page = 1 }, ctx) {
    const { world } = ctx;
    const rows = world.where('invoices', 'client_id', callerOf(ctx).clientId).filter(seenByClient);
    const { items, sorter } = world.newestPage('invoices', rows, page - 1, DEFAULT_PER_PAGE);
    return {
      invoices: items.map((invoice) => customerInvoiceItem(world, invoice)),
      page: doorPageInfo(sorter),
    };
  },
});
