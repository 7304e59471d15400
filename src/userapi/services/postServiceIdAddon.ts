import { callerOf, defineWrite } from '../route.js';
import { customerService } from '../../domain/customerServices.js';
import { ADDON_ADDED, attachAddon } from '../../domain/addonOrders.js';
import type { UserApiPostServiceIdAddonAnswer, UserApiPostServiceIdAddonInput } from '../../generated/wire.js';

export default defineWrite<UserApiPostServiceIdAddonInput, UserApiPostServiceIdAddonAnswer>({
  run({ id, addon_id, cycle }, ctx) {
    const account = customerService(ctx.world, callerOf(ctx).clientId, id);
    // A client's order is billed, so the invoice addAddonToAccount raises on request is always asked for.
    const { row, invoice } = attachAddon(ctx.world, { account, addonId: addon_id, cycle, invoice: true, now: ctx.now });
    return { id: row.id, invoice_id: invoice?.id ?? '0', info: [ADDON_ADDED] };
  },
});
