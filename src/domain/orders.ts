// Orders: the number clients see, the statuses an order moves through, and the
// one way an order record is made. What an order bought (services, domains, its
// invoice) is placed by src/domain/placeOrder.ts; status moves are in
// src/domain/orderStatus.ts.
import type { View } from '../store/world.js';
import type { Order, OrderUpgrade } from '../generated/wire.js';
import { notFound } from '../errors.js';
import { formatDateTime } from './dates.js';

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
