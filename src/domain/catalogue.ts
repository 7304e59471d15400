// The product catalogue as the order-page calls show it: counts joined in at
// read time (the store keeps none), page ordering, and the price columns in the
// key order each call's real answer uses.
import type { View } from '../store/world.js';
import type { Addon, OrderPage, Product } from '../generated/wire.js';
import { notFound } from '../errors.js';
import type { PriceView } from './currencies.js';
import type { RecurringCycle, SETUP_PRICES } from './cycles.js';

type PriceKey = (typeof SETUP_PRICES)[number] | RecurringCycle;

/** The price columns of a product or addon, in the given key order, each passed through `view`. */
export function prices<K extends PriceKey>(row: Product | Addon, keys: readonly K[], view: PriceView): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const key of keys) out[key] = view(row[key]);
  return out;
}

export function orderPageOrThrow(world: View, id: string): OrderPage {
  return world.get('order_pages', id) ?? notFound('Order page', id);
}

/** Order pages sort by sort_order as a number, then by id as a number. */
export function byPageOrder(a: OrderPage, b: OrderPage): number {
  return Number(a.sort_order) - Number(b.sort_order) || Number(a.id) - Number(b.id);
}

export function productCount(world: View, pageId: string): string {
  return String(world.where('products', 'category_id', pageId).length);
}

export function subPageCount(world: View, pageId: string): string {
  return String(world.where('order_pages', 'parent_id', pageId).length);
}

export function accountCount(world: View, productId: string): string {
  return String(world.where('accounts', 'product_id', productId).length);
}

/**
 * "Also bought" counts: for every product other than the selected ones, how many
 * distinct clients own an account on it and on at least one selected product.
 * Reads go through the accounts indexes (by product, then by client).
 */
export function coOwnership(world: View, selected: ReadonlySet<string>): Map<string, number> {
  const clients = new Set<string>();
  for (const productId of selected) {
    for (const account of world.where('accounts', 'product_id', productId)) clients.add(account.client_id);
  }
  const counts = new Map<string, number>();
  for (const clientId of clients) {
    const owned = new Set(world.where('accounts', 'client_id', clientId).map((a) => a.product_id));
    for (const productId of owned) {
      if (!selected.has(productId)) counts.set(productId, (counts.get(productId) ?? 0) + 1);
    }
  }
  return counts;
}

/**
 * Whether an order page is `pageId` or sits below it: a page that holds sub-pages
 * has no products of its own, so asking for it means its sub-pages' products.
 * The walk is bounded so a parent loop in hand-written fixtures cannot hang it.
 */
export function inOrderPage(world: View, categoryId: string, pageId: string): boolean {
  let current: string | undefined = categoryId;
  for (let depth = 0; current && current !== '0' && depth < 8; depth++) {
    if (current === pageId) return true;
    current = world.get('order_pages', current)?.parent_id;
  }
  return false;
}
