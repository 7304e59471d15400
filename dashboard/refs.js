// @ts-check
// References between stored records: a field named <thing>_id holds the id of
// a record of the collection <things> (client_id: clients, currency_id:
// currencies), parent_id one of the same collection. Ids "0" and "" point nowhere.

/** @type {Record<string, string>} */
const IRREGULAR = { dept_id: 'ticket_depts', tld_id: 'products', group_id: 'app_groups' };

/**
 * The collection a field of a record in `collection` points into, or undefined.
 * @param {string} field
 * @param {string} collection
 * @param {string[]} collections
 * @returns {string | undefined}
 */
export function target(field, collection, collections) {
  if (field === 'parent_id') return collection;
  if (IRREGULAR[field]) return IRREGULAR[field];
  if (!field.endsWith('_id')) return undefined;
  const base = field.slice(0, -3);
  const names = [`${base}s`, `${base}es`, base.endsWith('y') ? `${base.slice(0, -1)}ies` : ''];
  return names.find((name) => collections.includes(name));
}

/** @param {unknown} value */
export function pointsSomewhere(value) {
  return (typeof value === 'string' || typeof value === 'number') && String(value) !== '' && String(value) !== '0';
}

/**
 * The [collection, field] pairs whose records point at records of `collection`.
 * @param {string} collection
 * @param {Record<string, string[]>} fields each collection's fields
 */
export function pointingAt(collection, fields) {
  const names = Object.keys(fields);
  /** @type {[string, string][]} */
  const out = [];
  for (const [other, list] of Object.entries(fields)) {
    for (const field of list) {
      if (field !== 'id' && target(field, other, names) === collection) out.push([other, field]);
    }
  }
  return out;
}
