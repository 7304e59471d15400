// Attaching an addon to a service: the one rule addAddonToAccount and the
// customer's door (POST /api/service/{id}/addon) order an addon by, and the
// addons a service may still take (GET /api/service/{id}/addon).
import type { View, World } from '../store/world.js';
import type { Account, AccountAddon, Addon, Invoice, UserApiOrderableAddon } from '../generated/wire.js';
import { Checks, notFound } from '../errors.js';
import { addonCharge, addonGoesWith, addonInvoice, checkAddonFits, chooseCycle, newAccountAddon } from './accounts.js';
import { addonsInOrder } from './addons.js';
import { requireClient } from './clients.js';
import { fromMainCents } from './currencies.js';
import { type Cycle, CYCLE_NAMES, offeredCycles } from './cycles.js';
import { requireEnabledGateway } from './gateways.js';
import { issueInvoice } from './invoices.js';
import { toCents } from './money.js';

/** What addAddonToAccount answers in `info`, and the door after it. */
export const ADDON_ADDED = 'Addon added';

export interface AddonOrder {
  account: Account;
  addonId: string;
  /** The cycle asked for; else the service's own when the addon offers it, else the addon's first. */
  cycle?: Cycle;
  /** The gateway to bill; the service's own when absent. */
  gatewayId?: string;
  /** Whether to raise the invoice for the first period (when the addon costs anything). */
  invoice: boolean;
  now: Date;
}

/**
 * Every problem at once (the addon unknown, not for the service's product, unique
 * and already there, not sold on the cycle, a gateway switched off), then the
 * addon attached Pending and, when asked and it costs anything, its Unpaid invoice.
 */
export function attachAddon(world: World, order: AddonOrder): { row: AccountAddon; invoice?: Invoice } {
  const { account, now } = order;
  const checks = new Checks();
  const addon = checks.value(() => world.get('addons', order.addonId) ?? notFound('Addon', order.addonId));
  if (addon) checks.pass(() => checkAddonFits(world, addon, account));
  const cycle = addon && checks.value(() => chooseCycle(addon, account, order.cycle));
  const gatewayId = checks.value(() =>
    order.gatewayId !== undefined ? requireEnabledGateway(world, order.gatewayId).id : account.payment_module,
  );
  const found = checks.settle({ addon, cycle, gatewayId });
  const row = newAccountAddon(world, { account, addon: found.addon, cycle: found.cycle, paymentModule: found.gatewayId, now });
  // Nothing to charge (a Free addon) means no invoice, even when one is asked for.
  const charged = toCents(row.recurring_amount) + toCents(row.setup_fee) > 0;
  const invoice =
    order.invoice && charged ? addonInvoice(world, requireClient(world, account.client_id), account, row, found.cycle) : undefined;
  world.insert('account_addons', row);
  if (invoice) issueInvoice(world, invoice, now);
  return { row, invoice };
}

/** One cycle an addon is sold on, priced in the service's currency. */
export type AddonCycleOffer = UserApiOrderableAddon['cycles'][number];

/** The addons a service may still take, in catalogue order: those for its product, less a unique one it already carries. */
export function orderableAddons(world: View, account: Account): { addon: Addon; cycles: AddonCycleOffer[] }[] {
  const toAccount = (cents: number) => fromMainCents(world, cents, account.currency_id);
  return addonsInOrder(world)
    .filter((addon) => addonGoesWith(addon, account.product_id) && new Checks().pass(() => checkAddonFits(world, addon, account)))
    .map((addon) => ({
      addon,
      cycles: offeredCycles(addon).map((cycle) => ({ id: cycle, name: CYCLE_NAMES[cycle], ...addonCharge(addon, cycle, toAccount) })),
    }));
}
