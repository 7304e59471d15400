// The product catalogue as the order-page calls show it: counts joined in at
// read time (the store keeps none), page ordering, and the price columns in the
// key order each call's real answer uses.
import type { World } from '../store/world.js';
import type { OrderPage, Product } from '../generated/wire.js';
import { convertCents, formatCents, toCents } from './money.js';
import { notFound } from '../errors.js';

export const SETUP_PRICES = [
  'm_setup',
  'q_setup',
  's_setup',
  'a_setup',
  'b_setup',
  't_setup',
  'p4_setup',
  'p5_setup',
  'd_setup',
  'w_setup',
  'h_setup',
] as const;
/** getProducts lists recurring prices as q, a, s (the real sample's order), unlike the product record. */
export const PRODUCT_LIST_CYCLES = ['m', 'q', 'a', 's', 'b', 't', 'p4', 'p5', 'd', 'w', 'h'] as const;
export const OFFER_CYCLES = ['m', 'q', 's', 'a', 'b', 't', 'p4', 'p5', 'd', 'w', 'h'] as const;

type PriceKey = (typeof SETUP_PRICES)[number] | (typeof OFFER_CYCLES)[number];
/** Turns a main-currency price into the answer's price ("12.30" -> itself, or converted). */
export type PriceView = (price: string) => string;

export const asIs: PriceView = (price) => price;

/** The price columns of a product, in the given key order, each passed through `view`. */
export function prices<K extends PriceKey>(product: Product, keys: readonly K[], view: PriceView): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const key of keys) out[key] = view(product[key]);
  return out;
}

/** A converter from the main currency into currency `currencyId` (which must exist), in whole cents. */
export function priceViewFor(db: World, currencyId: string | undefined): PriceView {
  if (currencyId === undefined || currencyId === '0') return asIs;
  const target = db.get('currencies', currencyId);
  if (!target) notFound('Currency', currencyId);
  const mainRate = db.get('currencies', '0')?.rate ?? '1.0000';
  return (price) => formatCents(convertCents(toCents(price), mainRate, target.rate));
}

export function orderPageOrThrow(db: World, id: string): OrderPage {
  return db.get('order_pages', id) ?? notFound('Order page', id);
}

/** Order pages sort by sort_order as a number, then by id as a number. */
export function byPageOrder(a: OrderPage, b: OrderPage): number {
  return Number(a.sort_order) - Number(b.sort_order) || Number(a.id) - Number(b.id);
}

export function productCount(db: World, pageId: string): string {
  return String(db.table('products').where('category_id', pageId).length);
}

export function subPageCount(db: World, pageId: string): string {
  return String(db.table('order_pages').where('parent_id', pageId).length);
}

export function accountCount(db: World, productId: string): string {
  return String(db.table('accounts').where('product_id', productId).length);
}

/**
 * "Also bought" counts: for every product other than the selected ones, how many
 * distinct clients own an account on it and on at least one selected product.
 * Reads go through the accounts indexes (by product, then by client).
 */
export function coOwnership(db: World, selected: ReadonlySet<string>): Map<string, number> {
  const clients = new Set<string>();
  for (const productId of selected) {
    for (const account of db.table('accounts').where('product_id', productId)) clients.add(account.client_id);
  }
  const counts = new Map<string, number>();
  for (const clientId of clients) {
    const owned = new Set(
      db
        .table('accounts')
        .where('client_id', clientId)
        .map((a) => a.product_id),
    );
    for (const productId of owned) {
      if (!selected.has(productId)) counts.set(productId, (counts.get(productId) ?? 0) + 1);
    }
  }
  return counts;
}
