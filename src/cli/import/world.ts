// The folder's world: the installation's collections where the import read
// them, billsim's bundled ones where the API shows nothing (access keys,
// admins, tax rules, automation settings, registrars, ...), and nothing of the
// bundled world's clients or their business. Pure: collections in, collections out.
import { danglingReferences } from '../../store/references.js';
import type { Row } from './types.js';

export type Collections = Record<string, Row[]>;

/**
 * Collections no read call shows, taken from the bundled world as they are.
 * (Automation settings are taken too, but only their "every product / TLD /
 * client" records: the others name the bundled world's own records.)
 */
export const BUNDLED_AS_IS = [
  'admins',
  'api_access',
  'tax_rules',
  'registrars',
  'registry_names',
  'app_groups',
  'servers',
  'kb_categories',
  'kb_articles',
  'language_lines',
  'metered_variables',
  'automation_state',
] as const;

/** The automation settings' catch-all records: field "0" means "every other". */
const CATCH_ALL: Record<string, string> = { product_automation: 'product_id', tld_automation: 'tld_id', client_automation: 'client_id' };

/**
 * The world to write: `imported` (catalogue and clients) over the bundled
 * defaults. A catalogue collection the key could not read keeps the bundled
 * one. References that name nothing are mended last: a bundled record that
 * names a record the installation does not have is dropped, an imported one
 * has the field set to "0" (none), each counted in `mended`.
 */
export function assemble(names: readonly string[], bundled: Collections, imported: Collections): { data: Collections; mended: string[] } {
  const data: Collections = {};
  const fromBundle = new Set<string>();
  for (const name of names) {
    if (imported[name]) data[name] = imported[name];
    else if ((BUNDLED_AS_IS as readonly string[]).includes(name) || isCatalogue(name)) {
      data[name] = bundled[name] ?? [];
      fromBundle.add(name);
    } else if (CATCH_ALL[name]) {
      data[name] = (bundled[name] ?? []).filter((row) => row[CATCH_ALL[name]] === '0');
      fromBundle.add(name);
    } else data[name] = [];
  }
  return { data, mended: mend(data, fromBundle) };
}

/** Collections `import` reads from the installation's catalogue calls. */
export const CATALOGUE = [
  'order_pages',
  'products',
  'product_forms',
  'addons',
  'currencies',
  'gateways',
  'ticket_depts',
  'reply_categories',
  'predefined_replies',
  'news',
] as const;

function isCatalogue(name: string): boolean {
  return (CATALOGUE as readonly string[]).includes(name);
}

function mend(data: Collections, fromBundle: ReadonlySet<string>): string[] {
  const mended: string[] = [];
  // Dropping a record can leave another naming it: repeat until none is left (bounded by the records there are).
  for (let round = 0; round < 10; round++) {
    const found = danglingReferences(data, new Set());
    if (found.length === 0) break;
    const drop = new Map<string, Set<number>>();
    for (const { collection, index, field, message } of found) {
      if (fromBundle.has(collection)) {
        if (!drop.has(collection)) drop.set(collection, new Set());
        drop.get(collection)!.add(index);
        continue;
      }
      const row = data[collection][index];
      data[collection][index] = { ...row, [field]: '0' };
      mended.push(`${collection} ${String(row.id ?? index)}: ${message}; set to "0"`);
    }
    for (const [collection, indexes] of drop) {
      data[collection] = data[collection].filter((_, index) => !indexes.has(index));
    }
  }
  return mended;
}
