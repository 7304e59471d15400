// Changing one item of an order draft: which item a call names, what a product
// or a TLD is priced on, and how custom field values merge. The calls that edit
// or remove an item validate through these, then write the draft once.
import type { View } from '../store/world.js';
import type { DraftDomain, DraftService, DraftView, OrderDraft, Product } from '../generated/wire.js';
import { fail, messages, notFound } from '../errors.js';
import { draftView } from './drafts.js';
import { toCents } from './money.js';

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

/** The periods (in years) a TLD is priced on for an action: its price-list rows whose price for the action is not "0.00". */
export function offeredPeriods(tld: Product, action: DraftDomain['action']): string[] {
  const rows = tld.periods ?? [];
  return rows.filter((row) => toCents(action === 'Transfer' ? row.transfer : row.register) !== 0).map((row) => row.period);
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
