// Catalogue answers turned back into the world's records. Each answer shows a
// record's own fields (and some computed ones, such as counts, which are left
// out); a field no answer shows gets the value that keeps every answer the
// installation gave the same when billsim serves the record. Pure: answers in,
// records out.
import { collectionRef, schemaAt } from '../../schemas.js';

import type { Row } from './types.js';

export type { Row };

const fieldCache = new Map<string, string[]>();

/** A collection's stored fields, in its schema's order. */
export function fieldsOf(collection: string): string[] {
  let fields = fieldCache.get(collection);
  if (!fields) {
    const schema = schemaAt(`${collectionRef(collection)}/items`) as { properties?: Record<string, unknown> } | undefined;
    if (!schema?.properties) throw new Error(`no collection ${collection}`);
    fields = Object.keys(schema.properties);
    fieldCache.set(collection, fields);
  }
  return fields;
}

/** A record of `collection` from `source`: its fields in the schema's order, keys it does not store left out. */
export function recordOf(collection: string, source: Row): Row {
  const out: Row = {};
  for (const field of fieldsOf(collection)) if (source[field] !== undefined) out[field] = source[field];
  return out;
}

/** The list an answer holds: PHP sends an empty list as [] and a keyed one as an object. */
export function listOf(value: unknown): Row[] {
  if (Array.isArray(value)) return value as Row[];
  if (typeof value === 'object' && value !== null) return Object.values(value) as Row[];
  return [];
}

/** A slug as HostBill makes one from a page's name (lower case, dashes); only getSubCategories shows a sub-page's own. */
export function slugOf(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'page'
  );
}

/** A top-level order page from getOrderPages' item; `hasSubPages` from its getSubCategories answer. */
export function topPage(item: Row, hasSubPages: boolean): Row {
  return recordOf('order_pages', {
    ...item,
    parent_id: '0',
    contains: hasSubPages ? 'subcategories' : 'products',
    slug: slugOf(String(item.name ?? '')),
  });
}

/** A sub-page from getSubCategories' item (every stored field is there). */
export function subPage(item: Row): Row {
  return recordOf('order_pages', item);
}

/** A product from getProductDetails' `product`: its servers are the keys of `server`, a TLD's prices its `periods`. */
export function productOf(details: Row): Row {
  const server = details.server && typeof details.server === 'object' ? Object.keys(details.server) : [];
  const periods = Array.isArray(details.periods) ? details.periods : undefined;
  return recordOf('products', { ...details, server, periods });
}

/** The configurable-option forms getProductDetails shows under `options`. */
export function productFormsOf(details: Row): Row[] {
  return listOf(details.options).map((form) => {
    const type = form.type as Row | string | undefined;
    return recordOf('product_forms', {
      ...form,
      product_id: details.id,
      type: typeof type === 'object' && type !== null ? type.type : type,
    });
  });
}

/** An addon from getAddons' item (parentactive is the module's state, not the addon's). */
export function addonOf(item: Row): Row {
  return recordOf('addons', item);
}

/**
 * The currencies from getCurrencies: `main` becomes id "0" at rate 1; what the
 * answer does not show (the main one's dates and flags, the others' decimals)
 * comes from `fallback`, the bundled world's main currency.
 */
export function currenciesOf(answer: Row, fallback: Row): Row[] {
  const main = (answer.main ?? {}) as Row;
  const decimal = main.decimal ?? fallback.decimal;
  const first = recordOf('currencies', { ...fallback, ...main, id: '0', rate: fallback.rate, decimal: String(decimal) });
  const others = listOf(answer.currencies).map((c) => recordOf('currencies', { decimal: String(decimal), ...c }));
  return [first, ...others];
}

/** Gateways from getPaymentModules (`{ id: name }`, enabled ones only); the module file comes from a known gateway of that name. */
export function gatewaysOf(answer: Row, known: readonly Row[]): Row[] {
  const modules = answer.modules && typeof answer.modules === 'object' && !Array.isArray(answer.modules) ? (answer.modules as Row) : {};
  return Object.entries(modules).map(([id, name]) => {
    const same = known.find((g) => g.name === name);
    const module = same
      ? same.module
      : `class.${String(name)
          .toLowerCase()
          .replace(/[^a-z0-9]/g, '')}.php`;
    return { id, name: String(name), module, enabled: '1' };
  });
}

/** A ticket department from getTicketDepts' item (its ticket count is computed). */
export function deptOf(item: Row): Row {
  return recordOf('ticket_depts', item);
}

/**
 * Predefined replies from the categories' answers; `popular` is
 * getPopularPredefinedReplies' list, most used first. Use counts are not
 * shown, so the popular ones count down to 1 in that order and the rest 0,
 * which lists them as the installation does.
 */
export function repliesOf(replies: readonly Row[], popular: readonly Row[]): Row[] {
  const uses = new Map(popular.map((r, n) => [String(r.id), String(popular.length - n)]));
  return replies.map((r) => recordOf('predefined_replies', { ...r, uses: uses.get(String(r.id)) ?? '0' }));
}

export function replyCategoryOf(item: Row): Row {
  return recordOf('reply_categories', item);
}

/** A news item from getNewsItem (getNews shows a preview of the content only). */
export function newsOf(item: Row): Row {
  return recordOf('news', item);
}
