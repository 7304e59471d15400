// The settings a product is created with (addProduct) and edited by
// (editProduct), in one place: which parameters name a product field, how each
// is checked against the world, and how they apply to the record. Both calls
// check everything first (Checks) and write once.
import type { View } from '../store/world.js';
import type { EditProductRequest, Product } from '../generated/wire.js';
import { type Checks, fail, messages, notFound } from '../errors.js';
import { RECURRING_CYCLES, SETUP_PRICES } from './cycles.js';
import { formatCents, toCents } from './money.js';
import { isTld } from './products.js';
import { productTypeOrThrow } from './productTypes.js';

export type ProductSettings = Omit<EditProductRequest, 'id'>;

type PriceColumn = (typeof RECURRING_CYCLES)[number] | (typeof SETUP_PRICES)[number];
/** The price columns in the record's order: the setup fees, then the cycle prices. */
const PRICE_COLUMNS: readonly PriceColumn[] = [...SETUP_PRICES, ...RECURRING_CYCLES];

/** Fields stored exactly as sent. */
const AS_SENT = [
  'description',
  'visible',
  'tax',
  'autosetup',
  'domain_options',
  'subdomain',
  'owndomain',
  'paytype',
  'qty',
  'free_domain',
  'sort_order',
] as const;

/** What a TLD keeps whatever is sent: its type, its paytype and its (unused) cycle prices. */
const NOT_FOR_TLD = ['type', 'paytype', 'm1', 'm_setup1', ...PRICE_COLUMNS] as const;

/** The modules products may name: those an app group runs. */
function knownModules(world: View): string[] {
  return [...new Set(world.all('app_groups').map((group) => group.module))].sort((a, b) => Number(a) - Number(b));
}

/** The ids of `upgrades` that name a product; "0" alone (or among them) names none. */
const upgradeTargets = (ids: readonly string[]) => [...new Set(ids.filter((id) => id !== '0'))];

/**
 * Notes every problem of `settings` in `checks`, in the order of the
 * parameters: an order page, type, module or upgrade that does not fit, and
 * what a TLD does not take. `current` is the product edited (none when adding).
 */
export function checkSettings(checks: Checks, world: View, settings: ProductSettings, current?: Product): void {
  const { category_id, type, module, upgrades } = settings;
  if (category_id !== undefined) checks.pass(() => world.get('order_pages', category_id) ?? notFound('Order page', category_id));
  const tld = current !== undefined && isTld(current);
  if (type !== undefined && !tld) checks.pass(() => productTypeOrThrow(type));
  if (tld) {
    for (const param of NOT_FOR_TLD) {
      if (settings[param] !== undefined) checks.pass(() => fail(messages.productParamNotForTld(param, current.id, current.name)));
    }
  }
  if (module !== undefined && module !== '0') {
    const modules = knownModules(world);
    if (!modules.includes(module)) checks.pass(() => fail(messages.productModuleUnknown(module, modules)));
  }
  for (const id of upgradeTargets(upgrades ?? [])) {
    checks.pass(() => {
      if (id === current?.id) fail(messages.productUpgradeToSelf(id));
      const target = world.get('products', id) ?? notFound('Product', id);
      if (isTld(target)) fail(messages.productUpgradeToTld(id, target.name));
    });
  }
}

const money = (value: string) => formatCents(toCents(value));

/** `product` with `settings` applied (checked first by checkSettings): what is not sent stays. */
export function applySettings(product: Product, settings: ProductSettings): Product {
  const next: Product = { ...product };
  const set = next as unknown as Record<string, string>;
  for (const key of AS_SENT) if (settings[key] !== undefined) set[key] = settings[key];
  if (settings.category_id !== undefined) next.category_id = settings.category_id;
  if (settings.name !== undefined) next.name = settings.name.trim();
  // A type sent again keeps the product's own ptype (a VPS stays "vps" under type Server).
  if (settings.type !== undefined && settings.type !== product.type) {
    next.type = settings.type;
    next.ptype = productTypeOrThrow(settings.type).lptype;
  }
  for (const column of PRICE_COLUMNS) {
    const value = settings[column];
    if (value !== undefined) next[column] = money(value);
  }
  // A one-time price lives in the m columns, where ordering reads it.
  if (next.paytype === 'Once') {
    if (settings.m1 !== undefined) next.m = money(settings.m1);
    if (settings.m_setup1 !== undefined) next.m_setup = money(settings.m_setup1);
  }
  if (settings.stock_usage !== undefined) next.stock = settings.stock_usage === 'on' ? '1' : '0';
  else if (settings.stock !== undefined) next.stock = settings.stock;
  // The servers belong to the old module's app group, so they do not follow a new module.
  if (settings.module !== undefined && settings.module !== product.module) next.module = settings.module;
  if (next.module !== product.module) next.server = [];
  if (settings.upgrades !== undefined) next.upgrades = upgradeTargets(settings.upgrades).join(',');
  return next;
}

/** A product before its settings: nothing priced, no module, visible, last on its order page. */
export function blankProduct(world: View, id: string, categoryId: string, typeId: string, name: string): Product {
  const zero = Object.fromEntries(PRICE_COLUMNS.map((column) => [column, '0.00'])) as Record<PriceColumn, string>;
  const last = world.where('products', 'category_id', categoryId).reduce((most, p) => Math.max(most, Number(p.sort_order)), 0);
  return {
    id,
    category_id: categoryId,
    type: typeId,
    name: name.trim(),
    description: '',
    visible: '1',
    domain_options: '0',
    stock: '0',
    qty: '0',
    autosetup: '0',
    subdomain: '',
    owndomain: '0',
    tax: '0',
    upgrades: '',
    sort_order: String(last + 1),
    rel: 'Product',
    paytype: 'Regular',
    ...zero,
    ptype: productTypeOrThrow(typeId).lptype,
    module: '0',
    server: [],
    free_domain: '0',
  };
}
