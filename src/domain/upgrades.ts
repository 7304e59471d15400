// Upgrades: what a product may move to, what the move costs for the rest of the
// current period, the upgrade order and its invoice, and applying it when that
// order is activated.
import type { View, World } from '../store/world.js';
import type { Account, Client, Invoice, Order, OrderFieldUpgrade, OrderUpgrade, Product } from '../generated/wire.js';
import { Checks, fail, messages, notFound } from '../errors.js';
import { requireClient } from './clients.js';
import { type Cycle, CYCLE_NAMES, type RecurringCycle, addPeriods, cycleCode, isRecurring, offeredCycles } from './cycles.js';
import { addDays, formatDate, parseDateTime } from '../lib/dates.js';
import { requireEnabledGateway } from './gateways.js';
import { lineDate } from './invoiceLines.js';
import { issueInvoice, newInvoice } from './invoices.js';
import { centsToNumber, formatCents, toCents } from './money.js';
import { newOrder } from './orders.js';
import { choicesOf, itemOf, serviceCents, setValue, valuesOf } from './productForms.js';
import { OPEN_STATUSES, onProduct } from './services.js';
import { orderCreated, packageChanged } from './events.js';

/** The product ids a product's `upgrades` field lists ("9,10,11"), in its order. */
export function upgradeIds(product: Product): string[] {
  return product.upgrades
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
}

/** The products a product may be upgraded to, in the order its `upgrades` field lists them; ids of no product are skipped. */
export function upgradeTargets(world: View, product: Product): Product[] {
  return upgradeIds(product).flatMap((id) => world.get('products', id) ?? []);
}

const HOUR = 3_600_000;

/** Hours of one period of the cycle ending at `end` (a month ending 14 December: 14 November to 14 December). */
function periodHours(cycle: RecurringCycle, end: Date): bigint {
  return BigInt(Math.round((end.getTime() - addPeriods(end, cycle, -1).getTime()) / HOUR));
}

export interface ProRata {
  /** The recurring price paid now and its cycle, in cents of the service's currency. */
  oldCents: number;
  oldCycle: RecurringCycle;
  /** The recurring price after the move and its cycle, in the same currency. */
  newCents: number;
  newCycle: RecurringCycle;
  /** The service's next due date, which the move keeps. */
  nextDue: string;
  now: Date;
}

/**
 * What a move costs from today to the next due date, in whole cents, never
 * negative: new price x time left / new period - old price x time left / old
 * period, each period being one cycle ending on the due date. On an unchanged
 * cycle that is (new price - old price) x days left / days in the period. Time
 * is counted in hours, whole days from today (UTC) to the due date, so hourly
 * cycles fit; the result is rounded half up once. A downgrade, or a due date
 * already passed, costs 0.
 */
export function proRataCents(p: ProRata): number {
  const due = parseDateTime(p.nextDue);
  const today = parseDateTime(formatDate(p.now)) as Date;
  if (due === undefined || due <= today) return 0;
  const left = BigInt(Math.round((due.getTime() - today.getTime()) / HOUR));
  const oldPeriod = periodHours(p.oldCycle, due);
  const newPeriod = periodHours(p.newCycle, due);
  const num = BigInt(p.newCents) * left * oldPeriod - BigInt(p.oldCents) * left * newPeriod;
  if (num <= 0n) return 0;
  const den = newPeriod * oldPeriod;
  return Number((2n * num + den) / (2n * den));
}

// An order made by orderUpgrade or orderConfigUpgrade changes one service, so its first change names it.
const upgradedAccount = (order: Order): string => order.upgrades[0]?.account_id ?? order.fieldupgrades?.[0]?.account_id ?? '';

const pendingFor = (accountId: string) => (u: { account_id: string; status: string }) =>
  u.account_id === accountId && u.status === 'Pending';

/** A Pending upgrade order for the account (of product, cycle or options), through an index of orders by upgraded account. */
export function pendingUpgrade(world: View, accountId: string): Order | undefined {
  const pending = pendingFor(accountId);
  return world
    .whereKey('orders', 'upgrade:account', upgradedAccount, accountId)
    .find((order) => order.status === 'Pending' && (order.upgrades.some(pending) || (order.fieldupgrades ?? []).some(pending)));
}

export interface UpgradeSpec {
  account: Account;
  /** The id of the product to move to; the service's own (a change of cycle only) when absent. */
  targetId?: string;
  cycle: Cycle;
  /** The gateway for the invoice; the service's own when absent. */
  gatewayId?: string;
  now: Date;
  /** The names the caller's door gives the product and cycle parameters, for the messages (the Admin API's by default). */
  params?: UpgradeParams;
}

export interface UpgradeParams {
  product: string;
  cycle: string;
}

const ADMIN_PARAMS: UpgradeParams = { product: 'new', cycle: 'new_billing' };

/** What orderUpgrade and the customer's door answer in `info` after an upgrade is ordered (the vendor's code). */
export const UPGRADE_ORDERED = 'upgrade_order_success';

export interface PlacedUpgrade {
  order: Order;
  /** The invoice for the difference; none when the move costs nothing. */
  invoice?: Invoice;
  /** The service's recurring price after the move, in cents of its currency. */
  newTotalCents: number;
}

/**
 * Every problem with a move orderUpgrade may not make, found at once; answers the
 * service's current product and cycle, the product to move to and the gateway.
 */
function checkUpgrade(world: View, spec: UpgradeSpec): { current: Product; oldCycle: RecurringCycle; target: Product; gateway: string } {
  const { account, cycle } = spec;
  const params = spec.params ?? ADMIN_PARAMS;
  const checks = new Checks();
  let clean = checks.pass(() => (account.status === 'Active' ? undefined : fail(messages.upgradeNeedsActive(account.id, account.status))));
  const oldCycle = cycleCode(account.billingcycle);
  if (oldCycle === undefined || !isRecurring(oldCycle))
    clean = checks.pass(() => fail(messages.upgradeNotRecurring(account.id, account.billingcycle)));
  const current = world.get('products', account.product_id) ?? notFound('Product', account.product_id);
  const targetId = spec.targetId ?? current.id;
  const target = targetId === current.id ? current : checks.value(() => world.get('products', targetId) ?? notFound('Product', targetId));
  if (target && target.id !== current.id && !upgradeIds(current).includes(target.id)) {
    clean = checks.pass(() => fail(messages.upgradeNotOffered(current.id, target.id, upgradeIds(current))));
  }
  if (!isRecurring(cycle)) clean = checks.pass(() => fail(messages.upgradeToOnce(cycle, params.cycle)));
  else if (target && !offeredCycles(target).includes(cycle)) {
    clean = checks.pass(() => fail(messages.cycleNotOffered(target.id, cycle, offeredCycles(target))));
  }
  // "Nothing to upgrade" only when nothing else is wrong: a service that may not move has no move to name.
  if (clean && target?.id === current.id && cycle === oldCycle) {
    checks.pass(() => fail(messages.upgradeNothing(account.id, current.id, account.billingcycle, params)));
  }
  const pending = pendingUpgrade(world, account.id);
  if (pending) checks.pass(() => fail(messages.upgradePending(account.id, pending.id)));
  const gateway = checks.value(() =>
    spec.gatewayId !== undefined ? requireEnabledGateway(world, spec.gatewayId, 'module').id : account.payment_module,
  );
  return { current, ...checks.settle({ oldCycle: oldCycle as RecurringCycle, target, gateway }) };
}

/** What an upgrade's invoice needs: who pays, for which service, how much, and what the line says changed. */
export interface UpgradeCharge {
  client: Client;
  account: Account;
  gateway: string;
  amount: number;
  /** What changes, as the line names it ("VPS 1GB (Monthly) => VPS 2GB (Monthly)"). */
  what: string;
  taxed: boolean;
  now: Date;
}

/** The Unpaid invoice for an upgrade costing `amount` cents (one Upgrade line to the day before the service is due); none when it costs nothing. */
export function upgradeInvoice(world: World, c: UpgradeCharge): Invoice | undefined {
  if (c.amount <= 0) return undefined;
  const today = formatDate(c.now);
  const lastDay = formatDate(addDays(parseDateTime(c.account.next_due) ?? c.now, -1));
  return newInvoice(world, {
    client: c.client,
    currency_id: c.account.currency_id,
    payment_module: c.gateway,
    date: today,
    lines: [
      {
        type: 'Upgrade',
        item_id: c.account.id,
        description: `Upgrade ${c.what} (${lineDate(today)} - ${lineDate(lastDay)})`,
        amount: formatCents(c.amount),
        taxed: c.taxed,
      },
    ],
  });
}

/** Writes an upgrade order with its invoice; one without an invoice costs nothing, so it is Active and applied at once. */
export function placed(world: World, order: Order, invoice: Invoice | undefined, newTotalCents: number): PlacedUpgrade {
  if (invoice) {
    const stored = world.insert('orders', order);
    orderCreated(world, stored);
    issueInvoice(world, invoice, parseDateTime(order.date_created) as Date);
    return { order: stored, invoice, newTotalCents };
  }
  const active = world.insert('orders', { ...order, status: 'Active' });
  orderCreated(world, active);
  return { order: applyUpgrades(world, active), newTotalCents };
}

/** The checkout both upgrade calls answer, as published: strings and numbers mixed. */
export function upgradeCheckout({ order, invoice, newTotalCents }: PlacedUpgrade) {
  return {
    invoice_id: order.invoice_id,
    total: centsToNumber(toCents(invoice?.total ?? '0.00')),
    gateway: order.payment_module,
    order_id: order.id,
    order_num: Number(order.number),
    newtotal: centsToNumber(newTotalCents),
  };
}

/**
 * Checks the move, then writes the upgrade order and, when the move costs
 * anything, its Unpaid invoice (one line of type Upgrade, item_id the account,
 * taxed as the new product is). A move that costs nothing has no invoice: its
 * order is Active at once and the move is applied.
 */
export function placeUpgrade(world: World, spec: UpgradeSpec): PlacedUpgrade {
  const { account, cycle, now } = spec;
  const { current, oldCycle, target, gateway } = checkUpgrade(world, spec);
  const newCycle = cycle as RecurringCycle;
  const client = requireClient(world, account.client_id);
  const oldCents = toCents(account.total);
  // Options are categories of the product: they go with the service only when it stays on it.
  const choices = target.id === current.id ? choicesOf(world, valuesOf(world, account)) : [];
  const newTotalCents = serviceCents(world, target, newCycle, account.currency_id, choices);
  const amount = proRataCents({ oldCents, oldCycle, newCents: newTotalCents, newCycle, nextDue: account.next_due, now });

  const invoice = upgradeInvoice(world, {
    client,
    account,
    gateway,
    amount,
    what: `${current.name} (${account.billingcycle}) => ${target.name} (${CYCLE_NAMES[newCycle]})`,
    taxed: target.tax === '1',
    now,
  });
  const upgrade: OrderUpgrade = {
    account_id: account.id,
    old_product_id: current.id,
    new_product_id: target.id,
    old_cycle: account.billingcycle,
    new_cycle: CYCLE_NAMES[newCycle],
    amount: formatCents(amount),
    status: 'Pending',
  };
  const order = newOrder(world, {
    clientId: client.id,
    currencyId: account.currency_id,
    paymentModule: gateway,
    total: invoice?.total ?? '0.00',
    invoiceId: invoice?.id,
    upgrades: [upgrade],
    now,
  });
  return placed(world, order, invoice, newTotalCents);
}

/**
 * Applies each Pending upgrade of an order to its service and marks it
 * Upgraded: the service moves to the new product (its module name follows)
 * and cycle, and its recurring total becomes the new product's price on that
 * cycle in the service's currency; its due date stays. A service closed in the
 * meantime (Terminated, Cancelled, Fraud) or gone is left alone and the
 * upgrade is marked Cancelled.
 */
export function applyUpgrades(world: World, order: Order): Order {
  const fields = order.fieldupgrades ?? [];
  if (order.upgrades.every((u) => u.status !== 'Pending') && fields.every((u) => u.status !== 'Pending')) return order;
  const upgrades = order.upgrades.map((upgrade) => (upgrade.status === 'Pending' ? applyOne(world, upgrade) : upgrade));
  if (order.fieldupgrades === undefined) return world.replace('orders', { ...order, upgrades });
  const fieldupgrades = fields.map((u) => (u.status === 'Pending' ? applyField(world, u) : u));
  return world.replace('orders', { ...order, upgrades, fieldupgrades });
}

/**
 * Sets a service's option value as an orderConfigUpgrade order asked, and its
 * recurring total to its product price plus its options. A service closed or
 * gone, moved to another product, or a form or item gone, is left alone and
 * the change is marked Cancelled.
 */
function applyField(world: World, change: OrderFieldUpgrade): OrderFieldUpgrade {
  const account = world.get('accounts', change.account_id);
  const form = world.get('product_forms', change.form_id);
  const product = account && world.get('products', account.product_id);
  const cycle = account && cycleCode(account.billingcycle);
  if (!account || !OPEN_STATUSES.includes(account.status) || !product || cycle === undefined) return { ...change, status: 'Cancelled' };
  if (!form || form.product_id !== product.id || !itemOf(form, change.new_item_id)) return { ...change, status: 'Cancelled' };
  setValue(world, account.id, form.id, change.new_item_id, change.new_qty);
  const total = serviceCents(world, product, cycle, account.currency_id, choicesOf(world, valuesOf(world, account)));
  world.replace('accounts', { ...account, total: formatCents(total) });
  return { ...change, status: 'Upgraded' };
}

function applyOne(world: World, upgrade: OrderUpgrade): OrderUpgrade {
  const account = world.get('accounts', upgrade.account_id);
  const product = world.get('products', upgrade.new_product_id);
  const cycle = cycleCode(upgrade.new_cycle);
  if (!account || !OPEN_STATUSES.includes(account.status) || !product || cycle === undefined) {
    return { ...upgrade, status: 'Cancelled' };
  }
  const moved = { ...onProduct(account, product), billingcycle: upgrade.new_cycle };
  const total = formatCents(serviceCents(world, product, cycle, account.currency_id, choicesOf(world, valuesOf(world, moved))));
  packageChanged(world, world.replace('accounts', { ...moved, total }));
  return { ...upgrade, status: 'Upgraded' };
}
