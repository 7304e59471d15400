// The catalogue as the customer's door shows it (GET /api/category, its
// products, GET /api/order/{product_id}): the same order pages, products,
// configurable options and addons the Admin API's catalogue calls read, limited
// to what a visitor may order, priced in the currency the order would charge.
import type { View } from '../store/world.js';
import type {
  Addon,
  Currency,
  OrderPage,
  Product,
  ProductForm,
  UserApiCatalogueAddon,
  UserApiCatalogueForm,
  UserApiCatalogueProduct,
  UserApiCategory,
  UserApiCycleChoice,
  UserApiOrderProduct,
} from '../generated/wire.js';
import { DoorError, messages } from '../errors.js';
import { addonsInOrder } from './addons.js';
import { addonGoesWith } from './accounts.js';
import { byPageOrder } from './catalogue.js';
import { MAIN_CURRENCY_ID, priceViewFor, type PriceView } from './currencies.js';
import { CYCLE_NAMES, type Cycle, cyclePriceCents, isRecurring, offeredCycles, type Priced } from './cycles.js';
import { formatCents } from './money.js';
import { formsOf, isRequired } from './productForms.js';
import { isTld } from './products.js';

/** Deeper than any order-page tree; a parent loop in hand-written fixtures cannot hang a walk. */
const MAX_DEPTH = 8;

/** Whether an order page and every page above it are visible. */
function pageShown(world: View, page: OrderPage): boolean {
  let current: OrderPage | undefined = page;
  for (let depth = 0; current && depth < MAX_DEPTH; depth++) {
    if (current.visible !== '1') return false;
    if (current.parent_id === '0') return true;
    current = world.get('order_pages', current.parent_id);
  }
  return false;
}

/** Product visibilities a storefront lists: visible, and "hidden from unregistered" (-3) once the caller is logged in. */
function listed(product: Product, signedIn: boolean): boolean {
  return product.visible === '1' || (signedIn && product.visible === '-3');
}

/**
 * Whether the caller may order the product here: listed for it (hidden,
 * archived, admin-only and "hidden from direct orders" products are not), in a
 * shown page, and not a domain TLD (domains are ordered through the /api/domain routes).
 */
export function orderable(world: View, product: Product, signedIn: boolean): boolean {
  if (!listed(product, signedIn) || isTld(product)) return false;
  const page = world.get('order_pages', product.category_id);
  return page !== undefined && pageShown(world, page);
}

/** The products a visitor may order from a page, in catalogue order. */
function pageProducts(world: View, pageId: string, signedIn: boolean): Product[] {
  return world
    .where('products', 'category_id', pageId)
    .filter((p) => orderable(world, p, signedIn))
    .sort((a, b) => Number(a.sort_order) - Number(b.sort_order) || Number(a.id) - Number(b.id));
}

/**
 * The pages a visitor sees, top-level ones by page order each followed by the
 * pages below it; a page is left out when it is hidden (or below a hidden one)
 * or holds nothing to order, neither products nor pages that do.
 */
export function customerCategories(world: View, signedIn: boolean): UserApiCategory[] {
  const out: UserApiCategory[] = [];
  const walk = (parentId: string, depth: number): boolean => {
    if (depth >= MAX_DEPTH) return false;
    let any = false;
    for (const page of [...world.where('order_pages', 'parent_id', parentId)].sort(byPageOrder)) {
      if (page.visible !== '1') continue;
      const at = out.length;
      const products = pageProducts(world, page.id, signedIn).length;
      const below = walk(page.id, depth + 1);
      if (products === 0 && !below) continue;
      out.splice(at, 0, categoryItem(page, products));
      any = true;
    }
    return any;
  };
  walk('0', 0);
  return out;
}

function categoryItem(page: OrderPage, products: number): UserApiCategory {
  const { id, parent_id, name, description, slug, contains } = page;
  return { id, parent_id, name, description, slug, contains, products: String(products) };
}

/** A page a visitor sees, else 404 as for a page that is not there. */
export function requireCustomerCategory(world: View, id: string): OrderPage {
  const page = world.get('order_pages', id);
  if (!page || !pageShown(world, page)) throw new DoorError(404, messages.notFound('Category', id));
  return page;
}

/** A product a visitor may order; a TLD is refused with where to order it, anything else not orderable with 404. */
export function requireOrderable(world: View, id: string, signedIn: boolean): Product {
  const product = world.get('products', id);
  if (product && isTld(product) && listed(product, signedIn)) throw new DoorError(404, messages.doorTldProduct(product.id, product.name));
  if (!product || !orderable(world, product, signedIn)) throw new DoorError(404, messages.notFound('Product', id));
  return product;
}

/** The currency a caller's order is charged in: its client's, or the main one for a visitor. */
export function shopperCurrency(world: View, clientId: string | undefined): Currency {
  const id = (clientId && world.get('clients', clientId)?.currency_id) || MAIN_CURRENCY_ID;
  return world.get('currencies', id) ?? (world.get('currencies', MAIN_CURRENCY_ID) as Currency);
}

/** A price as a storefront prints it: the currency's sign, its number format ("1.234,56") and code: "€5.49 EUR". */
export function formattedPrice(currency: Currency, amount: string): string {
  const [whole, cents] = amount.replace('-', '').split('.');
  const format = currency.format;
  const decimal = format.length >= 4 ? format.charAt(format.length - 3) : '.';
  const group = /[0-9]/.test(format.charAt(1)) ? '' : format.charAt(1);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${amount.startsWith('-') ? '-' : ''}${currency.sign}${grouped}${decimal}${cents} ${currency.code}`;
}

/** One billing-cycle choice of a product or addon: its code, name, price and setup fee, and the text a storefront shows. */
function cycleChoice(item: Priced, cycle: Cycle, view: PriceView, currency: Currency): UserApiCycleChoice {
  const { price, setup } = cyclePriceCents(item, cycle);
  const [amount, fee] = [view(formatCents(price)), view(formatCents(setup))];
  const setupText = setup > 0 ? ` + ${formattedPrice(currency, fee)} setup fee` : '';
  const title = CYCLE_NAMES[cycle];
  return { value: cycle, title, formatted: `${formattedPrice(currency, amount)} ${title}${setupText}`, price: amount, setup: fee };
}

/** The prices of the cycles a product is sold on, keyed by cycle code. */
function cyclePrices(product: Product, view: PriceView): Record<string, string> {
  return Object.fromEntries(offeredCycles(product).map((cycle) => [cycle, view(formatCents(cyclePriceCents(product, cycle).price))]));
}

/** A product as GET /api/category/{id}/product lists it. */
function catalogueProduct(product: Product, view: PriceView): UserApiCatalogueProduct {
  const { id, category_id, name, description, paytype } = product;
  return { id, category_id, name, description, paytype, prices: cyclePrices(product, view) };
}

/** The products a visitor may order from a page it sees, priced in `currency`. */
export function customerProducts(world: View, pageId: string, currency: Currency, signedIn: boolean): UserApiCatalogueProduct[] {
  const view = priceViewFor(world, currency.id);
  return pageProducts(world, pageId, signedIn).map((p) => catalogueProduct(p, view));
}

/**
 * A configurable option as a storefront posts it: `name` is the field
 * (custom[<form id>], the key addOrderDraftItem's custom takes), an item's `id`
 * its value; each item's price per recurring cycle the product is sold on.
 */
function customerForm(form: ProductForm, cycles: readonly Cycle[], view: PriceView): UserApiCatalogueForm {
  return {
    id: form.id,
    title: form.name,
    name: `custom[${form.id}]`,
    type: form.type,
    variable: form.variable,
    description: form.description,
    required: isRequired(form) ? '1' : '0',
    config: { ...form.config },
    items: form.items.map((item) => ({
      id: item.id,
      title: item.name,
      value: item.variable_id,
      prices: Object.fromEntries(cycles.filter(isRecurring).map((cycle) => [cycle, view(item[cycle])])),
    })),
  };
}

/** An addon a visitor may order with the product, with its cycle choices. */
function customerAddon(addon: Addon, view: PriceView, currency: Currency): UserApiCatalogueAddon {
  const { id, name, description, paytype, unique } = addon;
  return { id, name, description, paytype, unique, items: offeredCycles(addon).map((c) => cycleChoice(addon, c, view, currency)) };
}

/**
 * GET /api/order/{product_id}'s product: its cycle choices under
 * config.product[0].items, its configurable options under config.forms, the
 * visible addons that go with it under config.addons; billsim keeps no
 * sub-products, so config.subproducts is always empty.
 */
export function customerOrderProduct(world: View, product: Product, currency: Currency): UserApiOrderProduct {
  const view = priceViewFor(world, currency.id);
  const cycles = offeredCycles(product);
  const addons = addonsInOrder(world).filter((a) => a.visible === '1' && a.hidden !== '1' && addonGoesWith(a, product.id));
  return {
    id: product.id,
    category_id: product.category_id,
    category_name: world.get('order_pages', product.category_id)?.name ?? '',
    name: product.name,
    description: product.description,
    paytype: product.paytype,
    tax: product.tax,
    currency: currency.code,
    config: {
      product: [
        {
          title: 'Billing cycle',
          name: 'cycle',
          type: 'select',
          items: cycles.map((cycle) => cycleChoice(product, cycle, view, currency)),
        },
      ],
      forms: formsOf(world, product.id).map((form) => customerForm(form, cycles, view)),
      addons: addons.map((addon) => customerAddon(addon, view, currency)),
      subproducts: [],
    },
  };
}
