import { defineMutation } from '../operation.js';
import { notFound } from '../../errors.js';
import { ADDON_ADDED, attachAddon } from '../../domain/addonOrders.js';
import type { AddAddonToAccountRequest, AddAddonToAccountResult } from '../../generated/wire.js';

export default defineMutation<AddAddonToAccountRequest, AddAddonToAccountResult & { info: string[] }>({
  mutates: true,
  run(p, { world, now }) {
    const account = world.get('accounts', p.account_id) ?? notFound('Account', p.account_id);
    const invoice = p.invoice === 'true' || p.invoice === '1';
    attachAddon(world, { account, addonId: p.addon_id, cycle: p.cycle, gatewayId: p.payment_module, invoice, now });
    return { newaddon: true, info: [ADDON_ADDED] };
  },
});
