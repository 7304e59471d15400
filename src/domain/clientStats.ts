// A client's statistics (getClientStats): worked out from its invoices,
// services, domains, tickets, credit and affiliate account at each call, never
// stored, so they cannot drift from the records they count.
import type { ClientStats, Client } from '../generated/wire.js';
import type { View } from '../store/world.js';
import { centsToNumber, toCents } from './money.js';

/** The product types (`ptype`) the published stats count on their own; every other type counts as `other`. */
const OWN_COUNTS = ['shared', 'reseller', 'dedicated'] as const;

/** Issued invoices by status: how many, and their totals in cents. Drafts are not issued; Refunded ones have no key. */
function invoiceSums(world: View, clientId: string) {
  const sums = { Paid: [0, 0], Unpaid: [0, 0], Cancelled: [0, 0] } as Record<string, [number, number]>;
  for (const invoice of world.where('invoices', 'client_id', clientId)) {
    const sum = sums[invoice.status];
    if (!sum) continue;
    sum[0] += 1;
    sum[1] += toCents(invoice.total);
  }
  return sums;
}

/** The client's Active services counted by product type, in the order the types are first met (oldest service first). */
function serviceTypes(world: View, clientId: string): Map<string, number> {
  const types = new Map<string, number>();
  const services = [...world.where('accounts', 'client_id', clientId)].sort((a, b) => Number(a.id) - Number(b.id));
  for (const service of services) {
    if (service.status !== 'Active') continue;
    const type = world.get('products', service.product_id)?.ptype || 'other';
    types.set(type, (types.get(type) ?? 0) + 1);
  }
  return types;
}

export function clientStats(world: View, client: Client): ClientStats {
  const { Paid, Unpaid, Cancelled } = invoiceSums(world, client.id);
  const types = serviceTypes(world, client.id);
  const own = (type: string) => types.get(type) ?? 0;
  let all = 0;
  for (const count of types.values()) all += count;
  const other = all - OWN_COUNTS.reduce((sum, type) => sum + own(type), 0);
  const domains = world.where('domains', 'client_id', client.id).filter((d) => d.status === 'Active').length;
  const tickets = world.where('tickets', 'client_id', client.id).filter((t) => t.status !== 'Closed').length;
  return {
    invoice_paid: centsToNumber(Paid[1]),
    paid: Paid[0],
    invoice_cancelled: centsToNumber(Cancelled[1]),
    cancelled: Cancelled[0],
    invoice_unpaid: centsToNumber(Unpaid[1]),
    unpaid: Unpaid[0],
    shared: own('shared'),
    reseller: own('reseller'),
    dedicated: own('dedicated'),
    other,
    domain: String(domains),
    ticket: tickets,
    credit: client.credit,
    affiliate: world.where('affiliates', 'client_id', client.id).length > 0,
    currency_id: client.currency_id,
    // PHP's json_encode writes an empty array as [], not {}.
    accounts: types.size > 0 ? Object.fromEntries([...types].map(([type, count]) => [type, String(count)])) : [],
  };
}
