// Affiliates and the orders they refer. An affiliate's commission on a referred
// order is fixed when the order is referred and earned when the order is paid
// for: settleInvoice, the one place an invoice becomes Paid, calls
// earnCommissions, so every way of paying (a payment, a card charge, credit,
// a status set by hand, the daily run applying credit) pays the affiliate.
import type { Affiliate, AffiliateListItem, AffiliateReferral, Invoice, Order } from '../generated/wire.js';
import { messages } from '../errors.js';
import type { View, World } from '../store/world.js';
import { formatDateTime, ZERO_DATETIME } from '../lib/dates.js';
import { rateOf } from './currencies.js';
import { convertCents, formatCents, percentOf, toCents } from './money.js';
import type { OrderStatus } from './orders.js';
import { clientNames } from './views.js';

/** The order statuses a referrer can be named for: an order not cancelled or marked fraud. */
const REFERABLE_STATUSES: readonly OrderStatus[] = ['Pending', 'Active'];

/** The order's referral, if an affiliate referred it (an order has at most one). */
export function referralOf(world: View, orderId: string): AffiliateReferral | undefined {
  return world.where('affiliate_referrals', 'order_id', orderId)[0];
}

/** The affiliate's commission_rate of the order's total, converted into the affiliate's currency at today's rates. */
export function commissionCents(world: View, affiliate: Affiliate, order: Order): number {
  const total = convertCents(toCents(order.total), rateOf(world, order.currency_id), rateOf(world, affiliate.currency_id));
  return percentOf(total, affiliate.commission_rate);
}

/** Whether nothing is left to pay for the order: its invoice is Paid, or it has none. */
function paidFor(world: View, order: Order): boolean {
  const invoice = world.get('invoices', order.invoice_id);
  return !invoice || invoice.status === 'Paid';
}

/** Why `affiliate` cannot refer the orders of client `clientId`: it is not Active, or it is the client's own (`own` words that). */
function referrerProblems(affiliate: Affiliate, clientId: string, own: () => string): string[] {
  const problems: string[] = [];
  if (affiliate.status !== 'Active') problems.push(messages.affiliateNotActive(affiliate.id, affiliate.status));
  if (clientId === affiliate.client_id) problems.push(own());
  return problems;
}

/** Why `affiliate` cannot be named the referrer of `order`, every reason at once; empty when it can. */
export function referralProblems(world: View, order: Order, affiliate: Affiliate): string[] {
  const problems: string[] = [];
  if (!REFERABLE_STATUSES.includes(order.status)) problems.push(messages.orderNotReferable(order.id, order.status, REFERABLE_STATUSES));
  problems.push(...referrerProblems(affiliate, order.client_id, () => messages.ownOrderReferred(order.id, order.client_id, affiliate.id)));
  const earned = referralOf(world, order.id);
  if (earned?.status === 'Earned' && earned.affiliate_id !== affiliate.id) {
    problems.push(messages.commissionAlreadyEarned(order.id, earned.affiliate_id));
  }
  return problems;
}

/**
 * Why `affiliate` cannot refer an order client `clientId` is placing now: a
 * new order is Pending and unpaid, so only the affiliate itself can be wrong.
 * The order has no id yet, so no message names one.
 */
export function newOrderReferralProblems(affiliate: Affiliate, clientId: string): string[] {
  return referrerProblems(affiliate, clientId, () => messages.ownNewOrderReferred(clientId, affiliate.id));
}

/** Moves a Pending commission to the affiliate's balance. */
function earn(world: World, referral: AffiliateReferral, now: Date): void {
  const affiliate = world.get('affiliates', referral.affiliate_id);
  if (!affiliate) return;
  world.replace('affiliate_referrals', { ...referral, status: 'Earned', date_earned: formatDateTime(now) });
  world.replace('affiliates', { ...affiliate, balance: formatCents(toCents(affiliate.balance) + toCents(referral.commission)) });
}

/**
 * Names `affiliate` the order's referrer (the caller checked referralProblems):
 * a new Pending commission, or a Pending one taken over from another affiliate,
 * earned at once when the order is already paid for. Naming the same
 * affiliate again changes nothing.
 */
export function referOrder(world: World, order: Order, affiliate: Affiliate, now: Date): void {
  const existing = referralOf(world, order.id);
  if (existing?.affiliate_id === affiliate.id) return;
  const referral: AffiliateReferral = {
    id: existing?.id ?? world.nextId('affiliate_referrals'),
    affiliate_id: affiliate.id,
    order_id: order.id,
    date_created: formatDateTime(now),
    commission: formatCents(commissionCents(world, affiliate, order)),
    status: 'Pending',
    date_earned: ZERO_DATETIME,
  };
  if (existing) world.replace('affiliate_referrals', referral);
  else world.insert('affiliate_referrals', referral);
  if (paidFor(world, order)) earn(world, referral, now);
}

/** The invoice became Paid: the Pending commissions of the orders it bills are earned. */
export function earnCommissions(world: World, invoice: Invoice, now: Date): void {
  for (const order of world.where('orders', 'invoice_id', invoice.id)) {
    const referral = referralOf(world, order.id);
    if (referral?.status === 'Pending') earn(world, referral, now);
  }
}

/** The order is being deleted: a Pending commission goes with it, an Earned one stays as history with order_id "0". */
export function forgetOrderReferral(world: World, orderId: string): void {
  const referral = referralOf(world, orderId);
  if (referral?.status === 'Earned') world.replace('affiliate_referrals', { ...referral, order_id: '0' });
  else if (referral) world.remove('affiliate_referrals', referral.id);
}

/** The client is being deleted: its affiliate account goes, with every referral of it. */
export function removeAffiliateOf(world: World, clientId: string): void {
  for (const affiliate of [...world.where('affiliates', 'client_id', clientId)]) {
    for (const referral of [...world.where('affiliate_referrals', 'affiliate_id', affiliate.id)]) {
      world.remove('affiliate_referrals', referral.id);
    }
    world.remove('affiliates', affiliate.id);
  }
}

/** An affiliate as getAffiliates lists it: the published keys in their order, the client's names and the referrals counted. */
export function affiliateItem(world: View, affiliate: Affiliate): AffiliateListItem {
  const { firstname, lastname } = clientNames(world, affiliate.client_id);
  const referrals = world.where('affiliate_referrals', 'affiliate_id', affiliate.id);
  const earned = referrals.filter((r) => r.status === 'Earned').length;
  return {
    id: affiliate.id,
    firstname,
    lastname,
    date_created: affiliate.date_created,
    total_withdrawn: affiliate.total_withdrawn,
    status: affiliate.status,
    visits: affiliate.visits,
    client_id: affiliate.client_id,
    currency_id: affiliate.currency_id,
    balance: affiliate.balance,
    signups: String(earned),
    signups_pending: String(referrals.length - earned),
  };
}
