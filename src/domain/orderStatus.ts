// Order status moves and the automation each runs: what setOrderActive,
// setOrderPending, setOrderCancel, setOrderFraud and deleteOrder do to the
// order's services, addons, domains, upgrades and invoice. Invoice payment and
// the daily automation move orders through these same functions.
import type { World } from '../store/world.js';
import type { AccountAddon, Order } from '../generated/wire.js';
import { fail, messages } from '../errors.js';
import { registerDomain } from './registrar.js';
import { cancelUnpaidInvoice } from './invoices.js';
import type { OrderStatus } from './orders.js';
import { canMove, moveService, type ServiceMove } from './services.js';
import { applyUpgrades } from './upgrades.js';
import { forgetOrderReferral } from './affiliates.js';
import { orderAccepted } from './events.js';

/** Which statuses each move starts from. */
const ORDER_MOVES = {
  activate: ['Pending'],
  pending: ['Active', 'Fraud', 'Cancelled'],
  cancel: ['Pending', 'Active', 'Fraud'],
  fraud: ['Pending', 'Active', 'Cancelled'],
} as const satisfies Record<string, readonly OrderStatus[]>;

const TARGET = { activate: 'Active', pending: 'Pending', cancel: 'Cancelled', fraud: 'Fraud' } as const;

type OrderMove = keyof typeof ORDER_MOVES;

function checkMove(order: Order, move: OrderMove): void {
  const from: readonly string[] = ORDER_MOVES[move];
  if (!from.includes(order.status)) fail(messages.orderMoveRefused(order.id, order.status, TARGET[move], from));
}

/** Moves each of the order's services that can make the move; the others stay as they are. */
function moveServices(world: World, order: Order, move: ServiceMove): void {
  for (const service of [...world.where('accounts', 'order_id', order.id)]) {
    if (canMove(service, move)) moveService(world, service, move);
  }
}

/** Sets the Pending addons of the order's services to `status`. */
function settleAddons(world: World, order: Order, status: AccountAddon['status']): void {
  for (const service of [...world.where('accounts', 'order_id', order.id)]) {
    for (const row of [...world.where('account_addons', 'account_id', service.id)]) {
      if (row.status === 'Pending') world.replace('account_addons', { ...row, status });
    }
  }
}

function pendingDomains(world: World, order: Order) {
  return world.where('domains', 'order_id', order.id).filter((d) => d.status === 'Pending Registration' || d.status === 'Pending Transfer');
}

function withStatus(world: World, order: Order, status: OrderStatus): Order {
  return world.replace('orders', { ...order, status });
}

/** Accepts the order: Pending services created, addons active, registrations done, upgrades applied. */
export function activateOrder(world: World, order: Order, now: Date): Order {
  checkMove(order, 'activate');
  moveServices(world, order, 'create');
  settleAddons(world, order, 'Active');
  for (const domain of pendingDomains(world, order)) {
    if (domain.status === 'Pending Registration') registerDomain(world, domain, now);
  }
  const accepted = withStatus(world, applyUpgrades(world, order), 'Active');
  orderAccepted(world, accepted);
  return accepted;
}

/** Back to Pending; nothing else changes. */
export function markOrderPending(world: World, order: Order): Order {
  checkMove(order, 'pending');
  return withStatus(world, order, 'Pending');
}

/** Cancels the order with what it has not delivered yet: Pending services, addons, domains and upgrades, and its Unpaid invoice. */
export function cancelOrder(world: World, order: Order): Order {
  checkMove(order, 'cancel');
  moveServices(world, order, 'cancel');
  settleAddons(world, order, 'Cancelled');
  for (const domain of pendingDomains(world, order)) world.replace('domains', { ...domain, status: 'Cancelled' });
  cancelUnpaidInvoice(world, order.invoice_id);
  const upgrades = order.upgrades.map((u) => (u.status === 'Pending' ? { ...u, status: 'Cancelled' as const } : u));
  if (order.fieldupgrades === undefined) return world.replace('orders', { ...order, upgrades, status: 'Cancelled' });
  const fieldupgrades = order.fieldupgrades.map((u) => (u.status === 'Pending' ? { ...u, status: 'Cancelled' as const } : u));
  return world.replace('orders', { ...order, upgrades, fieldupgrades, status: 'Cancelled' });
}

/** Fraud: the order, its live services and pending domains are Fraud, its Unpaid invoice Cancelled. */
export function markOrderFraud(world: World, order: Order): Order {
  checkMove(order, 'fraud');
  moveServices(world, order, 'fraud');
  settleAddons(world, order, 'Cancelled');
  for (const domain of pendingDomains(world, order)) world.replace('domains', { ...domain, status: 'Fraud' });
  cancelUnpaidInvoice(world, order.invoice_id);
  return withStatus(world, order, 'Fraud');
}

/**
 * Deletes the order. Its Active and Suspended services are terminated, the
 * Pending ones and pending domains cancelled, an Unpaid invoice cancelled; the
 * services and domains stay as history with order_id "0", so nothing points at
 * the deleted order; so does an earned affiliate commission (a pending one goes).
 */
export function deleteOrder(world: World, order: Order): void {
  // What was never delivered is cancelled before the live services are terminated with their addons.
  settleAddons(world, order, 'Cancelled');
  moveServices(world, order, 'terminate');
  moveServices(world, order, 'cancel');
  for (const service of [...world.where('accounts', 'order_id', order.id)]) world.replace('accounts', { ...service, order_id: '0' });
  for (const domain of [...world.where('domains', 'order_id', order.id)]) {
    const pending = domain.status === 'Pending Registration' || domain.status === 'Pending Transfer';
    world.replace('domains', { ...domain, order_id: '0', status: pending ? 'Cancelled' : domain.status });
  }
  cancelUnpaidInvoice(world, order.invoice_id);
  forgetOrderReferral(world, order.id);
  world.remove('orders', order.id);
}
