// Adding or changing one item of an order draft: which item a call names, the
// id a new item gets, what a product or a TLD is priced on, which addons go with
// a service, and how custom field values merge. The calls that add, edit or
// remove an item validate through these, then write the draft once.
import type { View } from '../store/world.js';
import type { Addon, DraftAddon, DraftDomain, DraftService, DraftView, OrderDraft, Product } from '../generated/wire.js';
import { fail, messages, notFound } from '../errors.js';
import { addonCycle, addonGoesWith, addonProducts } from './accounts.js';
import type { Cycle } from './cycles.js';
import { draftView } from './drafts.js';

export type CustomValues = DraftService['custom'];

export interface ItemSelector {
  id: string;
  service?: string;
  domain?: string;
}

export type PickedItem = { kind: 'service'; index: number; item: DraftService } | { kind: 'domain'; index: number; item: DraftDomain };

/**
 * The draft and the one item named by exactly one of `service` (a service_id)
 * or `domain` (a domain_id). Item ids are unique within their draft only, so
 * the lookup runs over the draft's own short item list.
 */
export function pickDraftItem(world: View, params: ItemSelector): { draft: OrderDraft; picked: PickedItem } {
  const { id, service, domain } = params;
  if (service !== undefined && domain !== undefined) fail(messages.draftItemBoth());
  if (service === undefined && domain === undefined) fail(messages.draftItemMissing());
  const draft = world.get('order_drafts', id) ?? notFound('Order draft', id);
  if (service !== undefined) {
    const index = draft.services.findIndex((s) => s.service_id === service);
    if (index < 0) notFound(`Order draft ${id} service`, service);
    return { draft, picked: { kind: 'service', index, item: draft.services[index] } };
  }
  const index = draft.domains.findIndex((d) => d.domain_id === domain);
  if (index < 0) notFound(`Order draft ${id} domain`, domain!);
  return { draft, picked: { kind: 'domain', index, item: draft.domains[index] } };
}

/** The id a new item gets: one past the highest of its kind in the draft (ids are unique within their draft only). */
export function nextItemId(ids: readonly string[]): string {
  return String(ids.reduce((max, id) => Math.max(max, Number(id)), 0) + 1);
}

/** Addons as a call gives them: addons[<addon_id>][qty] and addons[<addon_id>][cycle]. */
export type AddonParams = Record<string, { qty?: string; cycle?: Cycle }>;

/**
 * The addons ordered with a service of `product` on `serviceCycle`: each must
 * exist and go with the product; its cycle is the one given, else the service's
 * when the addon offers it, else the addon's first priced one (the rule an
 * account's addon follows). A unique addon comes once per service.
 */
export function draftAddons(world: View, product: Product, serviceCycle: Cycle, given: AddonParams): DraftAddon[] {
  return Object.entries(given).map(([id, wanted]) => {
    const addon = world.get('addons', id) ?? notFound('Addon', id);
    checkAddonForProduct(addon, product);
    const qty = wanted.qty === undefined ? 1 : Number(wanted.qty);
    if (addon.unique === '1' && qty > 1) fail(messages.addonUniqueQty(addon.id));
    return { addon_id: addon.id, cycle: addonCycle(addon, serviceCycle, wanted.cycle), qty };
  });
}

/** Refuses a service's stored addons that its (new) product may not carry. */
export function checkAddonsFit(world: View, product: Product, addons: readonly DraftAddon[]): void {
  for (const row of addons) {
    const addon = world.get('addons', row.addon_id) ?? notFound('Addon', row.addon_id);
    checkAddonForProduct(addon, product);
  }
}

function checkAddonForProduct(addon: Addon, product: Product): void {
  if (!addonGoesWith(addon, product.id)) fail(messages.addonNotForDraftProduct(addon.id, product.id, addonProducts(addon)));
}

/**
 * Custom values after an edit: given fields are set, an empty value removes its
 * field, and a category left without fields disappears. Builds new objects: the
 * stored ones are frozen and shared.
 */
export function mergeCustom(stored: CustomValues, given: CustomValues): CustomValues {
  const merged: CustomValues = {};
  for (const [category, fields] of Object.entries(stored)) merged[category] = { ...fields };
  for (const [category, fields] of Object.entries(given)) {
    const target = (merged[category] ??= {});
    for (const [field, value] of Object.entries(fields)) {
      if (value === '') delete target[field];
      else target[field] = value;
    }
    if (Object.keys(target).length === 0) delete merged[category];
  }
  return merged;
}

/** What a call that changes a draft answers: the whole draft as getOrderDraft shows it, and its info line. */
export function draftAnswer(world: View, draft: OrderDraft, info: string): { draft: DraftView; info: string[] } {
  return { draft: draftView(world, draft), info: [info] };
}
