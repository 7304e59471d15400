// Accounts (services) and the addons attached to them: billing-cycle codes and
// names, which cycles an addon is sold on and what it costs, and the views the
// account calls answer. addAddonToAccount validates and prices through these.
import type { World } from '../store/world.js';
import type { Account, AccountAddon, AccountAddonItem, AccountDetails, Addon, Invoice, InvoiceItem } from '../generated/wire.js';
import { fail, messages } from '../errors.js';
import { OFFER_CYCLES, type PriceView } from './catalogue.js';
import { addDays, addMonths, formatDate, parseDateTime, ZERO_DATE } from './dates.js';
import { centsToNumber, formatCents, toCents } from './money.js';

export type RecurringCycle = (typeof OFFER_CYCLES)[number];
export type AddonCycle = RecurringCycle | 'Once' | 'Free';
type CycleName = Account['billingcycle'];

/** Wire names of the cycle codes; a one-time charge is stored as "One Time". */
export const CYCLE_NAMES: Record<AddonCycle, CycleName> = {
  h: 'Hourly',
  d: 'Daily',
  w: 'Weekly',
  m: 'Monthly',
  q: 'Quarterly',
  s: 'Semi-Annually',
  a: 'Annually',
  b: 'Biennially',
  t: 'Triennially',
  p4: 'Quadrennially',
  p5: 'Quinquennially',
  Once: 'One Time',
  Free: 'Free',
};

const CODE_OF_NAME = new Map<string, AddonCycle>(Object.entries(CYCLE_NAMES).map(([code, name]) => [name, code as AddonCycle]));
CODE_OF_NAME.set('Once', 'Once');

/** One period of a recurring cycle. Hourly moves the clock an hour: dates only change near midnight. */
const CYCLE_LENGTH: Record<RecurringCycle, { months: number } | { days: number }> = {
  h: { days: 1 / 24 },
  d: { days: 1 },
  w: { days: 7 },
  m: { months: 1 },
  q: { months: 3 },
  s: { months: 6 },
  a: { months: 12 },
  b: { months: 24 },
  t: { months: 36 },
  p4: { months: 48 },
  p5: { months: 60 },
};

export const isRecurring = (cycle: AddonCycle): cycle is RecurringCycle => cycle !== 'Once' && cycle !== 'Free';

/** The cycles an addon is sold on: a Regular addon each cycle priced above "0.00", else only Once or Free. */
export function addonCycles(addon: Addon): AddonCycle[] {
  if (addon.paytype === 'Once') return ['Once'];
  if (addon.paytype === 'Free') return ['Free'];
  return OFFER_CYCLES.filter((cycle) => toCents(addon[cycle]) !== 0);
}

/** The cycle asked for, else the account's own cycle when offered, else the addon's first priced one. */
export function chooseCycle(addon: Addon, account: Account, wanted: AddonCycle | undefined): AddonCycle {
  const offered = addonCycles(addon);
  if (wanted !== undefined) {
    if (!offered.includes(wanted)) fail(messages.addonCycleNotOffered(addon.id, wanted, offered));
    return wanted;
  }
  const own = CODE_OF_NAME.get(account.billingcycle);
  if (own !== undefined && offered.includes(own)) return own;
  return offered[0] ?? fail(messages.addonNotPriced(addon.id));
}

/** Refuses an addon the account's product may not carry, or a unique addon the account already has. */
export function checkAddonFits(db: World, addon: Addon, account: Account): void {
  const products = addon.products
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  if (products.length > 0 && !products.includes(account.product_id)) {
    fail(messages.addonNotForProduct(addon.id, account.id, account.product_id, products));
  }
  // A Terminated or Cancelled attachment is history, not a second copy.
  const live = db
    .table('account_addons')
    .where('account_id', account.id)
    .filter((row) => row.addon_id === addon.id && row.status !== 'Terminated' && row.status !== 'Cancelled');
  if (addon.unique === '1' && live.length > 0) fail(messages.addonUnique(addon.id, account.id, live[0].id));
}

/** Price and setup fee in the account's currency: a Once addon keeps its price in `m`, a Free one costs nothing. */
export function addonCharge(addon: Addon, cycle: AddonCycle, view: PriceView): { price: string; setup: string } {
  if (cycle === 'Free') return { price: '0.00', setup: '0.00' };
  const key = cycle === 'Once' ? 'm' : cycle;
  return { price: view(addon[key]), setup: view(addon[`${key}_setup`]) };
}

/** Today plus one period; a charge that never recurs has no next due date. */
export function nextDueDate(cycle: AddonCycle, now: Date): string {
  if (!isRecurring(cycle)) return ZERO_DATE;
  const length = CYCLE_LENGTH[cycle];
  return formatDate('months' in length ? addMonths(now, length.months) : addDays(now, length.days));
}

/** "20/11/2026": the invoice line period format the stored invoices use. */
function dayMonthYear(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

/** "Name (first day - last day)" of the first period, or "Name (One Time)". */
function addonLineText(row: AccountAddon, cycle: AddonCycle): string {
  if (!isRecurring(cycle)) return `${row.name} (${CYCLE_NAMES[cycle]})`;
  const start = row.date_created;
  const lastDay = formatDate(addDays(parseDateTime(row.next_due)!, -1));
  return `${row.name} (${dayMonthYear(start)} - ${dayMonthYear(lastDay < start ? start : lastDay)})`;
}

/**
 * Line ids are unique across all invoices, as rows of one line table are: new lines
 * are numbered from one past the highest line id in use. There is no index for a
 * maximum, so this reads every invoice's lines once per invoice created.
 */
function firstFreeLineId(db: World): number {
  let max = 0;
  for (const invoice of db.table('invoices').all()) for (const item of invoice.items) max = Math.max(max, Number(item.id));
  return max + 1;
}

/** The Unpaid, untaxed invoice for a newly attached addon: an Addon line and, with a setup fee, a Setup line. */
export function addonInvoice(db: World, account: Account, row: AccountAddon, cycle: AddonCycle, rate: string): Invoice {
  const id = db.nextId('invoices');
  const firstLine = firstFreeLineId(db);
  const line = (n: number, type: string, description: string, amount: string): InvoiceItem => ({
    id: String(firstLine + n),
    invoice_id: id,
    type,
    item_id: row.id,
    description,
    amount,
    taxed: '0',
    qty: '1',
    linetotal: centsToNumber(toCents(amount)),
  });
  // A Once addon's one-time price is stored as its recurring_amount, so one rule covers both paytypes.
  const setupCents = toCents(row.setup_fee);
  const items = [line(0, 'Addon', addonLineText(row, cycle), row.recurring_amount)];
  if (setupCents > 0) items.push(line(1, 'Setup', `${row.name} - setup fee`, row.setup_fee));
  const total = formatCents(toCents(row.recurring_amount) + setupCents);
  return {
    id,
    paid_id: '',
    recurring_id: '0',
    status: 'Unpaid',
    client_id: account.client_id,
    date: row.date_created,
    duedate: row.date_created,
    datepaid: '0000-00-00 00:00:00',
    subtotal: total,
    credit: '0.00',
    tax: '0.00',
    taxrate: '0.00',
    tax2: '0.00',
    taxrate2: '0.00',
    total,
    payment_module: row.payment_module,
    currency_id: account.currency_id,
    rate,
    notes: '',
    items,
  };
}

/** An attached addon as getAccountAddons lists it: module actions only for an addon run by a module. */
export function accountAddonItem(db: World, row: AccountAddon): AccountAddonItem {
  const module = db.get('addons', row.addon_id)?.module ?? '';
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

/** getAccountDetails' `details`: stored fields in the real answer's order, then billsim's additions. */
export function accountDetails(db: World, a: Account): AccountDetails {
  return {
    id: a.id,
    client_id: a.client_id,
    order_id: a.order_id,
    product_id: a.product_id,
    parent_id: a.parent_id,
    date_created: a.date_created,
    domain: a.domain,
    server_id: a.server_id,
    payment_module: a.payment_module,
    firstpayment: a.firstpayment,
    total: a.total,
    billingcycle: a.billingcycle,
    billingtype: a.billingtype,
    next_due: a.next_due,
    due_day: String(Number(a.next_due.slice(8, 10))),
    autorenew: '1',
    next_invoice: a.next_invoice,
    status: a.status,
    label: a.label,
    username: a.username,
    extra_details: [],
    manual: a.manual,
    currency_id: a.currency_id,
    notes: a.notes,
    name: db.get('products', a.product_id)?.name ?? '',
  };
}
