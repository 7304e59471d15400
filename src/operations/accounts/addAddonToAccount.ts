import { defineOperation } from '../operation.js';
import { fail, messages, notFound } from '../../errors.js';
import { addonCharge, addonInvoice, checkAddonFits, chooseCycle, CYCLE_NAMES, nextDueDate } from '../../domain/accounts.js';
import { priceViewFor } from '../../domain/catalogue.js';
import { formatDate } from '../../domain/dates.js';
import { toCents } from '../../domain/money.js';
import type { World } from '../../store/world.js';
import type { AccountAddon, AddAddonToAccountRequest, AddAddonToAccountResult } from '../../generated/wire.js';

export const ADDON_ADDED = 'Addon added';

/** A gateway an invoice can name: it must exist and be enabled. */
function requireGateway(db: World, id: string): string {
  const gateway = db.get('gateways', id) ?? notFound('Gateway', id);
  if (gateway.enabled !== '1') fail(messages.gatewayDisabled(id, gateway.name));
  return gateway.id;
}

export default defineOperation<AddAddonToAccountRequest, AddAddonToAccountResult & { info: string[] }>({
  mutates: true,
  run(p, { db, now }) {
    const account = db.get('accounts', p.account_id) ?? notFound('Account', p.account_id);
    const addon = db.get('addons', p.addon_id) ?? notFound('Addon', p.addon_id);
    checkAddonFits(db, addon, account);
    const cycle = chooseCycle(addon, account, p.cycle);
    const gatewayId = p.payment_module !== undefined ? requireGateway(db, p.payment_module) : account.payment_module;
    // Catalogue prices are in the main currency; the account is billed in its own.
    const view = priceViewFor(db, account.currency_id);
    const rate = account.currency_id === '0' ? '1.0000' : db.get('currencies', account.currency_id)!.rate;
    const { price, setup } = addonCharge(addon, cycle, view);

    const row: AccountAddon = {
      id: db.nextId('account_addons'),
      account_id: account.id,
      addon_id: addon.id,
      name: addon.name,
      billingcycle: CYCLE_NAMES[cycle],
      recurring_amount: price,
      setup_fee: setup,
      // billsim runs no provisioning module: a new addon waits for activation.
      status: 'Pending',
      next_due: nextDueDate(cycle, now),
      date_created: formatDate(now),
      payment_module: gatewayId,
    };
    // Nothing to charge (a Free addon) means no invoice, even when one is asked for.
    const charged = toCents(price) + toCents(setup) > 0;
    const invoice = (p.invoice === 'true' || p.invoice === '1') && charged ? addonInvoice(db, account, row, cycle, rate) : undefined;

    db.insert('account_addons', row);
    if (invoice) db.insert('invoices', invoice);
    return { newaddon: true, info: [ADDON_ADDED] };
  },
});
