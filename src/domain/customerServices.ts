// A client's services as the customer's door shows them (/api/service...):
// the caller's own accounts only, with the Admin API's names and string types
// for the fields a client may see (getAccountDetails, getClientAccounts).
import type {
  Account,
  Product,
  UserApiGetServiceIdUpgradeAnswer,
  UserApiService,
  UserApiServiceCycle,
  UserApiServiceItem,
} from '../generated/wire.js';
import type { View, World } from '../store/world.js';
import { doorNotFound } from '../errors.js';
import { dueDay } from './accounts.js';
import { pick } from './views.js';
import { CYCLE_NAMES, cycleCode, isRecurring, offeredCycles } from './cycles.js';
import { formatCents } from './money.js';
import { type Choice, choicesOf, formsOf, optionCents, serviceCents, valuesOf } from './productForms.js';
import { upgradeTargets } from './upgrades.js';

/** The client's service, or a 404 that reads the same for a service that is not there and one of another client. */
export function customerService(world: View, clientId: string, id: string): Account {
  const account = world.get('accounts', id);
  if (!account || account.client_id !== clientId) doorNotFound('Service', id);
  return account;
}

/** The product's name and its order page's name and slug ("" for what is gone). */
function catalogueNames(world: View, account: Account): { name: string; category: string; category_url: string } {
  const product = world.get('products', account.product_id);
  const page = product && world.get('order_pages', product.category_id);
  return { name: product?.name ?? '', category: page?.name ?? '', category_url: page?.slug ?? '' };
}

/** A service as GET /api/service lists it. */
export function serviceItem(world: View, account: Account): UserApiServiceItem {
  const { name, category, category_url } = catalogueNames(world, account);
  return {
    ...pick(account, ['id', 'domain', 'total', 'firstpayment', 'status', 'billingcycle', 'next_due'] as const),
    // The paid period runs to the next due date, as getAccountDetails answers `expires`.
    expires: account.next_due,
    next_invoice: account.next_invoice,
    category,
    category_url,
    name,
    label: account.label,
  };
}

const SERVICE_FIELDS = [
  'id',
  'order_id',
  'product_id',
  'date_created',
  'domain',
  'payment_module',
  'firstpayment',
  'total',
  'billingcycle',
  'billingtype',
  'next_due',
] as const;

/** A service as GET /api/service/{id} shows it: getAccountDetails' fields a client may see, in its order. */
export function serviceView(world: View, account: Account): UserApiService {
  return {
    ...pick(account, SERVICE_FIELDS),
    due_day: dueDay(account),
    expires: account.next_due,
    ...pick(account, ['next_invoice', 'status', 'label', 'username', 'password', 'currency_id'] as const),
    ...catalogueNames(world, account),
  };
}

/** The client's own name for a service, in the account's `label` (the field getAccountDetails shows). */
export function setServiceLabel(world: World, account: Account, label: string): Account {
  return world.replace('accounts', { ...account, label });
}

/** The service an order made, by the order's number: the first one; a 404 for an order not the client's or without a service. */
export function orderService(world: View, clientId: string, number: string): Account {
  const order = world.where('orders', 'number', number).find((row) => row.client_id === clientId);
  const services = order ? world.where('accounts', 'order_id', order.id) : [];
  if (services.length === 0) doorNotFound('Order', number);
  return services.reduce((first, row) => (Number(row.id) < Number(first.id) ? row : first));
}

/** The recurring cycles a product sells, each with what the service would cost on it with `choices` (its options). */
function cyclesOn(world: View, account: Account, product: Product, choices: readonly Choice[]): UserApiServiceCycle[] {
  return offeredCycles(product)
    .filter(isRecurring)
    .map((cycle) => ({
      id: cycle,
      name: CYCLE_NAMES[cycle],
      price: formatCents(serviceCents(world, product, cycle, account.currency_id, choices)),
    }));
}

/** The recurring cycles the service's product sells, each with what the service would cost on it (its options included). */
export function serviceCycles(world: View, account: Account): UserApiServiceCycle[] {
  const product = world.get('products', account.product_id);
  if (!product) return [];
  return cyclesOn(world, account, product, choicesOf(world, valuesOf(world, account)));
}

/**
 * What GET /api/service/{id}/upgrade lists: the products the service's product
 * may move to (getProductUpgrades' list), priced as orderUpgrade would bill the
 * service on them (options stay with the old product), and its product's option
 * forms (orderConfigUpgrade's) with the service's values and per-unit prices.
 */
export function serviceUpgrades(world: View, account: Account): UserApiGetServiceIdUpgradeAnswer {
  const product = world.get('products', account.product_id);
  const code = cycleCode(account.billingcycle);
  const own = code !== undefined && isRecurring(code) ? code : undefined;
  const packages = (product ? upgradeTargets(world, product) : []).map((target) => {
    const cycles = cyclesOn(world, account, target, []);
    return {
      id: target.id,
      name: target.name,
      category: world.get('order_pages', target.category_id)?.name ?? '',
      category_id: target.category_id,
      price: cycles.find((c) => c.id === own)?.price ?? null,
      cycles,
    };
  });
  const values = valuesOf(world, account);
  const resources = (product ? formsOf(world, product.id) : []).map((form) => {
    const value = values.find((v) => v.form_id === form.id);
    const qtyForm = form.type === 'qty';
    return {
      id: form.id,
      name: form.name,
      type: form.type,
      variable: form.variable,
      min: qtyForm ? (form.config.minvalue ?? '0') : '',
      max: qtyForm ? (form.config.maxvalue ?? '') : '',
      item_id: value?.item_id ?? '',
      qty: value?.qty ?? '0',
      items: form.items.map((item) => ({
        id: item.id,
        name: item.name,
        price: formatCents(own === undefined ? 0 : optionCents(world, item, '1', own, account.currency_id)),
      })),
    };
  });
  return { package: account.product_id, cycle: code ?? '', packages, resources };
}
