// What staff may do to products already in the catalogue (copying them is
// products.ts's, adding and editing them productSettings.ts's): deleting one
// that no record still uses, and copying one's settings to others
// (productCloneSettings).
import type { RecordOf, View, World } from '../store/world.js';
import type { Order, OrderDraft, Product } from '../generated/wire.js';
import { fail, messages } from '../errors.js';
import { addonProducts } from './accounts.js';
import { RECURRING_CYCLES, SETUP_PRICES } from './cycles.js';
import { forgetNameHints, isTld } from './products.js';
import { upgradeIds } from './upgrades.js';
import { pick } from './views.js';

const idsOf = (rows: readonly { id: string }[]) => rows.map((row) => row.id);
const upgradedProducts = (order: Order) => order.upgrades.flatMap((u) => [u.old_product_id, u.new_product_id]);
const draftedProducts = (draft: OrderDraft) => [...draft.services.map((s) => s.product_id), ...draft.domains.map((d) => d.tld_id)];

/** The addons limited to this product alone: without it they would go with every product. */
function addonsOnlyFor(world: View, productId: string): string[] {
  return world
    .all('addons')
    .filter((addon) => {
      const products = addonProducts(addon);
      return products.length > 0 && products.every((id) => id === productId);
    })
    .map((addon) => addon.id);
}

/** Why a product cannot be deleted: one message per kind of record still using it (none when it can be). */
export function productUses(world: View, product: Product): string[] {
  const { id, name } = product;
  const uses = [
    [idsOf(world.where('accounts', 'product_id', id)), messages.productHasServices],
    [idsOf(world.where('domains', 'tld_id', id)), messages.productHasDomains],
    [idsOf(world.whereAnyKey('orders', 'upgrade:product', upgradedProducts, id)), messages.productInUpgrades],
    [idsOf(world.whereAnyKey('order_drafts', 'draft:product', draftedProducts, id)), messages.productInDrafts],
  ] as const;
  const problems = uses.filter(([ids]) => ids.length > 0).map(([ids, message]) => message(id, name, ids));
  return [...problems, ...addonsOnlyFor(world, id).map((addonId) => messages.productOnlyForAddon(id, name, addonId))];
}

/**
 * Deletes a product no record uses (refused with every use named otherwise),
 * and the catalogue's references to it: other products' upgrades, the addons'
 * product lists, its own automation settings and its metered variables.
 */
export function removeProduct(world: World, product: Product): void {
  const problems = productUses(world, product);
  if (problems.length > 0) fail(problems);
  world.remove('products', product.id);
  // Its metered variables describe the product alone (no service uses it, so no usage is left).
  for (const variable of [...world.where('metered_variables', 'product_id', product.id)]) world.remove('metered_variables', variable.id);
  // Its option forms go with it, and the values kept for them by services that moved to another product.
  for (const form of [...world.where('product_forms', 'product_id', product.id)]) {
    for (const value of [...world.where('account_forms', 'form_id', form.id)]) world.remove('account_forms', value.id);
    world.remove('product_forms', form.id);
  }
  const others = (ids: readonly string[]) => ids.filter((id) => id !== product.id).join(',');
  for (const other of world.all('products').filter((p) => upgradeIds(p).includes(product.id))) {
    world.replace('products', { ...other, upgrades: others(upgradeIds(other)) });
  }
  for (const addon of world.all('addons').filter((a) => addonProducts(a).includes(product.id))) {
    world.replace('addons', { ...addon, products: others(addonProducts(addon)) });
  }
  // Copies of the index lists: each removal takes its row out of the list.
  for (const row of [...world.where('product_automation', 'product_id', product.id)]) world.remove('product_automation', row.id);
  for (const row of [...world.where('tld_automation', 'tld_id', product.id)]) world.remove('tld_automation', row.id);
  forgetNameHints(world);
}

/** productCloneSettings' setting numbers and the labels its answer names them by. */
export const CLONE_SETTINGS = {
  '1': 'Connect with app',
  '2': 'Automation',
  '3': 'Emails',
  '4': 'Components',
  '5': 'Other settings',
  '6': 'Client functions',
  '7': 'Price',
} as const;
export type CloneSetting = keyof typeof CLONE_SETTINGS;

/** The source and targets of a copy; refuses at once every missing product, the source as a target and a target of the other kind. */
export function clonePlan(world: View, sourceId: string, targetIds: readonly string[]): { source: Product; targets: Product[] } {
  const source = world.get('products', sourceId);
  const problems = source ? [] : [messages.notFound('Product', sourceId)];
  const targets: Product[] = [];
  for (const id of new Set(targetIds)) {
    const target = world.get('products', id);
    if (id === sourceId) problems.push(messages.cloneOntoSource(id));
    else if (!target) problems.push(messages.notFound('Product', id));
    else if (source && isTld(source) !== isTld(target)) problems.push(messages.cloneKindsDiffer(sourceId, id, isTld(source)));
    else targets.push(target);
  }
  if (!source || problems.length > 0) fail(problems);
  return { source, targets };
}

/** The target's own automation record becomes a copy of the source's; a source without one leaves the target without one. */
function copyOwnRecord<K extends 'product_automation' | 'tld_automation'>(
  world: World,
  name: K,
  field: keyof RecordOf<K> & string,
  from: string,
  to: string,
): void {
  const own = world.where(name, field, from)[0];
  const theirs = world.where(name, field, to)[0];
  if (own && theirs) world.replace(name, { ...own, id: theirs.id, [field]: to });
  else if (own) world.insert(name, { ...own, id: world.nextId(name), [field]: to });
  else if (theirs) world.remove(name, theirs.id);
}

const OTHER_SETTINGS = ['tax', 'stock', 'qty', 'domain_options', 'subdomain', 'owndomain', 'free_domain'] as const;

/** Copies the chosen settings of `source` onto `target` (a product of the same kind), as productCloneSettings documents each. */
export function cloneSettings(world: World, source: Product, target: Product, settings: ReadonlySet<CloneSetting>): void {
  let next: Product = { ...target };
  if (settings.has('1')) next = { ...next, module: source.module, server: source.server };
  if (settings.has('2')) {
    next.autosetup = source.autosetup;
    copyOwnRecord(world, 'product_automation', 'product_id', source.id, target.id);
    if (isTld(source)) copyOwnRecord(world, 'tld_automation', 'tld_id', source.id, target.id);
  }
  if (settings.has('5')) next = { ...next, ...pick(source, OTHER_SETTINGS) };
  if (settings.has('7')) {
    const { periods, ...rest } = next;
    void periods;
    next = { ...rest, paytype: source.paytype, ...pick(source, SETUP_PRICES), ...pick(source, RECURRING_CYCLES) };
    if (source.periods) next.periods = source.periods;
  }
  world.replace('products', next);
}

/** The answer's lines: one per setting copied, in the order 1 to 7. */
export function cloneInfo(settings: ReadonlySet<CloneSetting>): string[] {
  return (Object.keys(CLONE_SETTINGS) as CloneSetting[])
    .filter((setting) => settings.has(setting))
    .map((setting) => `${CLONE_SETTINGS[setting]}: Copying completed successfully`);
}
