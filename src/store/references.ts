// The fields that name a record of another collection. A world whose record
// names one that is not there would answer `"client": null` or fail later in a
// call, so the loader refuses it, naming both. "0" (and "") means "none" in
// every one of these fields, as the API writes it.

/** [collection, field, the collection it names, one record of it in words] */
export const REFERENCES: readonly (readonly [string, string, string, string])[] = [
  ['clients', 'parent_id', 'clients', 'client'],
  ['clients', 'currency_id', 'currencies', 'currency'],
  ['client_cards', 'client_id', 'clients', 'client'],
  ['client_cards', 'gateway_id', 'gateways', 'gateway'],
  ['client_files', 'client_id', 'clients', 'client'],
  ['client_files', 'product_id', 'products', 'product'],
  ['client_guests', 'client_id', 'clients', 'client'],
  ['client_guests', 'user_id', 'clients', 'client'],
  ['client_mfa', 'client_id', 'clients', 'client'],
  ['userapi_tokens', 'client_id', 'clients', 'client'],
  ['portal_notifications', 'client_id', 'clients', 'client'],
  ['invoices', 'client_id', 'clients', 'client'],
  ['invoices', 'payment_module', 'gateways', 'gateway'],
  ['invoices', 'currency_id', 'currencies', 'currency'],
  ['transactions', 'client_id', 'clients', 'client'],
  ['transactions', 'invoice_id', 'invoices', 'invoice'],
  ['transactions', 'currency_id', 'currencies', 'currency'],
  ['transactions', 'payment_module', 'gateways', 'gateway'],
  ['estimates', 'client_id', 'clients', 'client'],
  ['estimates', 'currency_id', 'currencies', 'currency'],
  ['estimates', 'invoice_id', 'invoices', 'invoice'],
  ['order_pages', 'parent_id', 'order_pages', 'order page'],
  ['products', 'category_id', 'order_pages', 'order page'],
  ['accounts', 'client_id', 'clients', 'client'],
  ['accounts', 'order_id', 'orders', 'order'],
  ['accounts', 'product_id', 'products', 'product'],
  ['accounts', 'parent_id', 'accounts', 'service'],
  ['accounts', 'server_id', 'servers', 'server'],
  ['accounts', 'payment_module', 'gateways', 'gateway'],
  ['accounts', 'currency_id', 'currencies', 'currency'],
  ['account_addons', 'account_id', 'accounts', 'service'],
  ['cancellations', 'item_id', 'accounts', 'service'],
  ['cancellations', 'client_id', 'clients', 'client'],
  ['account_addons', 'addon_id', 'addons', 'addon'],
  ['account_addons', 'payment_module', 'gateways', 'gateway'],
  ['servers', 'group_id', 'app_groups', 'server group'],
  ['domains', 'client_id', 'clients', 'client'],
  ['domains', 'order_id', 'orders', 'order'],
  ['domains', 'payment_module', 'gateways', 'gateway'],
  ['domains', 'currency_id', 'currencies', 'currency'],
  ['domain_dns', 'domain_id', 'domains', 'domain'],
  ['domain_contacts', 'domain_id', 'domains', 'domain'],
  ['predefined_replies', 'category_id', 'reply_categories', 'reply category'],
  ['orders', 'client_id', 'clients', 'client'],
  ['orders', 'payment_module', 'gateways', 'gateway'],
  ['orders', 'invoice_id', 'invoices', 'invoice'],
  ['orders', 'currency_id', 'currencies', 'currency'],
  ['order_drafts', 'client_id', 'clients', 'client'],
  ['order_drafts', 'currency_id', 'currencies', 'currency'],
  ['order_drafts', 'estimate_id', 'estimates', 'estimate'],
  ['emails', 'client_id', 'clients', 'client'],
  ['credit_log', 'client_id', 'clients', 'client'],
  ['credit_log', 'invoice_id', 'invoices', 'invoice'],
  ['credit_log', 'transaction_id', 'transactions', 'transaction'],
  ['credit_log', 'admin_id', 'admins', 'admin'],
  ['credit_log', 'currency_id', 'currencies', 'currency'],
  ['tickets', 'dept_id', 'ticket_depts', 'ticket department'],
  ['tickets', 'client_id', 'clients', 'client'],
  ['tickets', 'owner_id', 'admins', 'admin'],
  ['ticket_replies', 'ticket_id', 'tickets', 'ticket'],
  ['ticket_notes', 'ticket_id', 'tickets', 'ticket'],
  ['ticket_notes', 'admin_id', 'admins', 'admin'],
  ['product_automation', 'product_id', 'products', 'product'],
  ['client_automation', 'client_id', 'clients', 'client'],
  ['kb_articles', 'cat_id', 'kb_categories', 'knowledge-base category'],
  ['affiliates', 'client_id', 'clients', 'client'],
  ['affiliates', 'currency_id', 'currencies', 'currency'],
  ['affiliate_referrals', 'affiliate_id', 'affiliates', 'affiliate'],
  ['affiliate_referrals', 'order_id', 'orders', 'order'],
  ['metered_variables', 'product_id', 'products', 'product'],
  ['metered_usage', 'account_id', 'accounts', 'service'],
  ['metered_usage', 'variable_id', 'metered_variables', 'metered variable'],
  ['metered_usage', 'invoice_id', 'invoices', 'invoice'],
];

export interface Dangling {
  collection: string;
  index: number;
  field: string;
  message: string;
}

/**
 * Every reference that names a missing record. One pass over each collection:
 * a set of the ids of each named collection, then one lookup per field.
 * `skip` are collections that could not be read, whose references are not checked.
 */
export function danglingReferences(data: Record<string, unknown>, skip: ReadonlySet<string>): Dangling[] {
  const ids = new Map<string, Set<string>>();
  const idsOf = (name: string) => {
    let set = ids.get(name);
    if (!set) {
      set = new Set();
      for (const row of data[name] as { id?: unknown }[]) if (typeof row?.id === 'string') set.add(row.id);
      ids.set(name, set);
    }
    return set;
  };
  const found: Dangling[] = [];
  const byCollection = new Map<string, (typeof REFERENCES)[number][]>();
  for (const reference of REFERENCES) {
    const [collection, , target] = reference;
    if (skip.has(collection) || skip.has(target) || !Array.isArray(data[collection]) || !Array.isArray(data[target])) continue;
    byCollection.set(collection, [...(byCollection.get(collection) ?? []), reference]);
  }
  for (const [collection, references] of byCollection) {
    const rows = data[collection] as Record<string, unknown>[];
    const targets = references.map(([, field, target, noun]) => ({ field, target, noun, ids: idsOf(target) }));
    for (let index = 0; index < rows.length; index++) {
      const row = rows[index];
      if (typeof row !== 'object' || row === null) continue;
      for (const { field, target, noun, ids: known } of targets) {
        const value = row[field];
        if (typeof value !== 'string' || value === '0' || value === '' || known.has(value)) continue;
        found.push({ collection, index, field, message: `${field} ${value} names no ${noun} in ${target}.json` });
      }
    }
  }
  return found;
}
