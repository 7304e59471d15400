// Orders: the number clients see, the statuses an order moves through, and the
// one way an order record is made. What an order bought (services, domains, its
// invoice) is placed by src/domain/placeOrder.ts; status moves are in
// src/domain/orderStatus.ts.
import type { View } from '../store/world.js';
import type { Invoice, Order, OrderDetails, OrderListItem, OrderUpgrade } from '../generated/wire.js';
import { notFound } from '../errors.js';
import { formatDateTime } from '../lib/dates.js';
import { fourNameservers } from './domains.js';
import { gatewayName } from './gateways.js';
import { clientNames, pick } from './views.js';

/** Order statuses, as getOrders' `list` filter and setOrderStatus name them. */
export const ORDER_STATUSES = ['Pending', 'Active', 'Fraud', 'Cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const NUMBER_SPAN = 900_000_000;
// Prime and coprime to the span, so distinct ids below the span never share a number.
const NUMBER_STEP = 48_271;

/** The 9-digit order number: a function of the id alone, so a replayed session gets the same numbers. */
export function orderNumber(id: string): string {
  return String(100_000_000 + ((Number(id) * NUMBER_STEP + 7_654_321) % NUMBER_SPAN));
}

export function requireOrder(world: View, id: string): Order {
  return world.get('orders', id) ?? notFound('Order', id);
}

export interface NewOrder {
  clientId: string;
  currencyId: string;
  /** Gateway id, "0" for none. */
  paymentModule: string;
  /** The order's value in its currency ("0.00" until its invoice is known). */
  total: string;
  /** The invoice it generated, "0" for none. */
  invoiceId?: string;
  ip?: string;
  notes?: string;
  upgrades?: OrderUpgrade[];
  now: Date;
}

/** A Pending order record with the next id and its number; the caller inserts it. */
export function newOrder(world: View, spec: NewOrder): Order {
  const id = world.nextId('orders');
  return {
    id,
    number: orderNumber(id),
    client_id: spec.clientId,
    date_created: formatDateTime(spec.now),
    status: 'Pending',
    payment_module: spec.paymentModule,
    invoice_id: spec.invoiceId ?? '0',
    total: spec.total,
    currency_id: spec.currencyId,
    order_ip: spec.ip ?? '',
    notes: spec.notes ?? '',
    fraudmodule: '',
    upgrades: spec.upgrades ?? [],
  };
}

/** The invoice's total and status as order answers show them: null for both without an invoice. */
function invoiceSummary(world: View, order: Order): { invtotal: string | null; invstatus: Invoice['status'] | null } {
  const invoice = world.get('invoices', order.invoice_id);
  return { invtotal: invoice?.total ?? null, invstatus: invoice?.status ?? null };
}

/** An order as getOrders and getClientOrders list it, keys in the order real clients read them. */
export function orderItem(world: View, order: Order): OrderListItem {
  const { firstname, lastname } = clientNames(world, order.client_id);
  return {
    id: order.id,
    date_created: order.date_created,
    number: order.number,
    client_id: order.client_id,
    total: order.total,
    status: order.status,
    firstname,
    lastname,
    module: gatewayName(world, order.payment_module) || null,
    ...invoiceSummary(world, order),
    currency_id: order.currency_id,
    invoice_id: order.invoice_id,
    payment_module: order.payment_module,
  };
}

/** The statuses getOrders' and getClientOrders' `list` picks. */
export const ORDER_LISTS: Record<string, OrderStatus | undefined> = {
  all: undefined,
  active: 'Active',
  pending: 'Pending',
  fraud: 'Fraud',
  cancelled: 'Cancelled',
};

/** getOrderDetails' `details`: the order, its invoice's state and everything it created. */
export function orderDetails(world: View, order: Order): OrderDetails {
  const { firstname, lastname } = clientNames(world, order.client_id);
  const summary = invoiceSummary(world, order);
  const services = world.where('accounts', 'order_id', order.id);
  return {
    ...pick(order, [
      'id',
      'number',
      'payment_module',
      'client_id',
      'invoice_id',
      'total',
      'date_created',
      'status',
      'order_ip',
      'notes',
    ] as const),
    firstname,
    lastname,
    module: gatewayName(world, order.payment_module) || null,
    ...summary,
    currency_id: order.currency_id,
    fraudmodule: order.fraudmodule || null,
    balance: summary.invstatus === null || summary.invstatus === 'Paid' ? 'Completed' : 'Incomplete',
    hosting: services.map((s) => ({
      ...pick(s, ['id', 'product_id'] as const),
      name: world.get('products', s.product_id)?.name ?? '',
      ...pick(s, ['domain', 'billingcycle', 'firstpayment', 'total', 'status', 'next_due'] as const),
    })),
    addons: services.flatMap((s) =>
      world
        .where('account_addons', 'account_id', s.id)
        .map((a) => pick(a, ['id', 'account_id', 'addon_id', 'name', 'billingcycle', 'recurring_amount', 'setup_fee', 'status'] as const)),
    ),
    upgrades: order.upgrades.map((u) => ({ ...u })),
    fieldupgrades: (order.fieldupgrades ?? []).map((u) => ({ ...u })),
    domains: world.where('domains', 'order_id', order.id).map((d) => ({
      ...pick(d, ['id', 'name', 'type', 'firstpayment', 'period', 'status', 'reg_module'] as const),
      nameservers: [...fourNameservers(d.nameservers), ''],
      nsips: [''],
    })),
  };
}
