// Accounts (services) and the addons attached to them: which cycle an addon is
// attached on and what it costs, the invoice that attaching it creates, and the
// views the account calls answer.
import type { View } from '../store/world.js';
import type {
  Account,
  AccountAddon,
  AccountAddonItem,
  AccountDetails,
  AccountListItem,
  Addon,
  Client,
  Invoice,
} from '../generated/wire.js';
import { fail, messages } from '../errors.js';
import { type Cycle, CYCLE_NAMES, cycleCode, cyclePriceCents, isRecurring, nextDueDate, offeredCycles } from './cycles.js';
import { fromMainCents } from './currencies.js';
import { addDays, formatDate, parseDateTime } from '../lib/dates.js';
import { lineDate } from './invoiceLines.js';
import { type NewLine, newInvoice } from './invoices.js';
import { formatCents, toCents } from './money.js';
import { accountOptionsView } from './productForms.js';
import { latestCancellation } from './cancellations.js';
import { clientNames, pick } from './views.js';

/** The cycle asked for, else the account's own cycle when offered, else the addon's first priced one. */
export function chooseCycle(addon: Addon, account: Account, wanted: Cycle | undefined): Cycle {
  return addonCycle(addon, cycleCode(account.billingcycle), wanted);
}

/** The cycle asked for, else the cycle of the service it goes with when offered, else the addon's first priced one. */
export function addonCycle(addon: Addon, own: Cycle | undefined, wanted: Cycle | undefined): Cycle {
  const offered = offeredCycles(addon);
  if (wanted !== undefined) {
    if (!offered.includes(wanted)) fail(messages.addonCycleNotOffered(addon.id, wanted, offered));
    return wanted;
  }
  if (own !== undefined && offered.includes(own)) return own;
  return offered[0] ?? fail(messages.addonNotPriced(addon.id));
}

/** The product ids an addon may go with; none listed means every product. */
export function addonProducts(addon: Addon): string[] {
  return addon.products
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
}

/** Whether an addon may go with a product: it lists the product, or lists none. */
export function addonGoesWith(addon: Addon, productId: string): boolean {
  const products = addonProducts(addon);
  return products.length === 0 || products.includes(productId);
}

/** Refuses an addon the account's product may not carry, or a unique addon the account already has. */
export function checkAddonFits(world: View, addon: Addon, account: Account): void {
  const products = addonProducts(addon);
  if (!addonGoesWith(addon, account.product_id)) {
    fail(messages.addonNotForProduct(addon.id, account.id, account.product_id, products));
  }
  // A Terminated or Cancelled attachment is history, not a second copy.
  const live = world
    .where('account_addons', 'account_id', account.id)
    .filter((row) => row.addon_id === addon.id && row.status !== 'Terminated' && row.status !== 'Cancelled');
  if (addon.unique === '1' && live.length > 0) fail(messages.addonUnique(addon.id, account.id, live[0].id));
}

/** Price and setup fee in the account's currency: a Once addon keeps its price in `m`, a Free one costs nothing. */
export function addonCharge(addon: Addon, cycle: Cycle, toAccount: (cents: number) => number): { price: string; setup: string } {
  const { price, setup } = cyclePriceCents(addon, cycle);
  return { price: formatCents(toAccount(price)), setup: formatCents(toAccount(setup)) };
}

/** An addon attached to a service today, Pending until it is activated (billsim runs no module); the caller inserts it. */
export function newAccountAddon(
  world: View,
  spec: { account: Account; addon: Addon; cycle: Cycle; paymentModule: string; now: Date; id?: string },
): AccountAddon {
  // Catalogue prices are in the main currency; the account is billed in its own.
  const { price, setup } = addonCharge(spec.addon, spec.cycle, (cents) => fromMainCents(world, cents, spec.account.currency_id));
  return {
    id: spec.id ?? world.nextId('account_addons'),
    account_id: spec.account.id,
    addon_id: spec.addon.id,
    name: spec.addon.name,
    billingcycle: CYCLE_NAMES[spec.cycle],
    recurring_amount: price,
    setup_fee: setup,
    status: 'Pending',
    next_due: nextDueDate(spec.cycle, spec.now),
    date_created: formatDate(spec.now),
    payment_module: spec.paymentModule,
  };
}

/** The Addon line, and with a setup fee a Setup line, that bill an attached addon's first period. */
export function addonLines(row: AccountAddon, cycle: Cycle, taxed: boolean): NewLine[] {
  // A Once addon's one-time price is stored as its recurring_amount, so one rule covers both paytypes.
  const lines: NewLine[] = [
    { type: 'Addon', item_id: row.id, description: addonLineText(row, cycle), amount: row.recurring_amount, taxed },
  ];
  if (toCents(row.setup_fee) > 0) {
    lines.push({ type: 'Setup', item_id: row.id, description: `${row.name} - setup fee`, amount: row.setup_fee, taxed });
  }
  return lines;
}

/** "Name (first day - last day)" of the first period, or "Name (One Time)". */
function addonLineText(row: AccountAddon, cycle: Cycle): string {
  if (!isRecurring(cycle)) return `${row.name} (${CYCLE_NAMES[cycle]})`;
  const start = row.date_created;
  const lastDay = formatDate(addDays(parseDateTime(row.next_due)!, -1));
  return `${row.name} (${lineDate(start)} - ${lineDate(lastDay < start ? start : lastDay)})`;
}

/** The Unpaid, untaxed invoice for a newly attached addon: an Addon line and, with a setup fee, a Setup line. */
export function addonInvoice(world: View, client: Client, account: Account, row: AccountAddon, cycle: Cycle): Invoice {
  const lines = addonLines(row, cycle, false);
  return newInvoice(world, {
    client,
    currency_id: account.currency_id,
    payment_module: row.payment_module,
    date: row.date_created,
    lines,
    taxed: false,
  });
}

/** An attached addon as getAccountAddons lists it: module actions only for an addon run by a module. */
export function accountAddonItem(world: View, row: AccountAddon): AccountAddonItem {
  const module = world.get('addons', row.addon_id)?.module ?? '';
  return {
    id: row.id,
    name: row.name,
    billingcycle: row.billingcycle,
    recurring_amount: row.recurring_amount,
    addon_id: row.addon_id,
    setup_fee: row.setup_fee,
    status: row.status,
    next_due: row.next_due,
    extra_details: [],
    module,
    parentmod: module,
    methods: module ? { Suspend: 'Suspend', Terminate: 'Terminate' } : [],
  };
}

const ACCOUNT_HEAD = [
  'id',
  'client_id',
  'order_id',
  'product_id',
  'parent_id',
  'date_created',
  'domain',
  'server_id',
  'payment_module',
  'firstpayment',
  'total',
  'billingcycle',
  'billingtype',
  'next_due',
] as const;

/** The day of the month a service falls due, without a leading zero ("0" when it never does). */
export function dueDay(account: Account): string {
  return String(Number(account.next_due.slice(8, 10)));
}

/** getAccountDetails' `details`: stored fields in the real answer's order, then billsim's additions. */
export function accountDetails(world: View, a: Account): AccountDetails {
  return {
    ...pick(a, ACCOUNT_HEAD),
    due_day: dueDay(a),
    // The paid period runs to the next due date; billsim keeps no separate expiry for services.
    expires: a.next_due,
    autorenew: '1',
    ...pick(a, ['next_invoice', 'status', 'label', 'username', 'password'] as const),
    extra_details: [],
    ...pick(a, ['manual', 'currency_id', 'notes'] as const),
    name: world.get('products', a.product_id)?.name ?? '',
    mod: a.mod,
    options: accountOptionsView(world, a, cycleCode(a.billingcycle)),
    ...cancelRequest(world, a.id),
  };
}

/** `cancel_request` while the account has a cancellation request (its latest), as the real answer adds it. */
function cancelRequest(world: View, accountId: string): Pick<AccountDetails, 'cancel_request'> {
  const request = latestCancellation(world, accountId);
  return request ? { cancel_request: request } : {};
}

/** An account as getClientAccounts/getAccounts list it: `name`/`type` come from its product. */
export function accountItem(world: View, account: Account): AccountListItem {
  const product = world.get('products', account.product_id);
  const { firstname, lastname } = clientNames(world, account.client_id);
  return {
    id: account.id,
    manual: account.manual,
    domain: account.domain,
    billingcycle: account.billingcycle,
    status: account.status,
    total: account.total,
    next_due: account.next_due,
    name: product?.name ?? '',
    type: product?.type ?? '',
    lastname,
    firstname,
    client_id: account.client_id,
    currency_id: account.currency_id,
  };
}
