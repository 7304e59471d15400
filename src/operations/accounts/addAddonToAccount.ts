import { defineMutation } from '../operation.js';
import { notFound } from '../../errors.js';
import { addonInvoice, checkAddonFits, chooseCycle, newAccountAddon } from '../../domain/accounts.js';
import { requireClient } from '../../domain/clients.js';
import { requireEnabledGateway } from '../../domain/gateways.js';
import { toCents } from '../../domain/money.js';
import type { AddAddonToAccountRequest, AddAddonToAccountResult } from '../../generated/wire.js';
import { insertInvoice } from '../../domain/events.js';

export const ADDON_ADDED = 'Addon added';

export default defineMutation<AddAddonToAccountRequest, AddAddonToAccountResult & { info: string[] }>({
  mutates: true,
  run(p, { world, now }) {
    const account = world.get('accounts', p.account_id) ?? notFound('Account', p.account_id);
    const addon = world.get('addons', p.addon_id) ?? notFound('Addon', p.addon_id);
    checkAddonFits(world, addon, account);
    const cycle = chooseCycle(addon, account, p.cycle);
    const gatewayId = p.payment_module !== undefined ? requireEnabledGateway(world, p.payment_module).id : account.payment_module;
    const row = newAccountAddon(world, { account, addon, cycle, paymentModule: gatewayId, now });
    const { recurring_amount: price, setup_fee: setup } = row;
    // Nothing to charge (a Free addon) means no invoice, even when one is asked for.
    const charged = toCents(price) + toCents(setup) > 0;
    const invoice =
      (p.invoice === 'true' || p.invoice === '1') && charged
        ? addonInvoice(world, requireClient(world, account.client_id), account, row, cycle)
        : undefined;

    world.insert('account_addons', row);
    if (invoice) insertInvoice(world, invoice);
    return { newaddon: true, info: [ADDON_ADDED] };
  },
});
