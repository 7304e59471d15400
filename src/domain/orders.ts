// Orders: the number clients see and the statuses an order moves through.

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
