// State checks shared by the invariant and concurrency tests: unique ids and
// consistent indexes in every collection, and totals recomputed from the lines.
import { centsToNumber, formatCents, lineCents, percentOf, toCents } from '../../src/domain/money.js';
import type { World } from '../../src/store/world.js';
import type { Collections, Estimate, Invoice } from '../../src/generated/wire.js';

/** Every collection: unique ids, the index agrees with the rows. Line ids: unique across their table. */
export function checkIds(world: World): string[] {
  const problems: string[] = [];
  const data = world.snapshot();
  for (const [name, rows] of Object.entries(data) as Array<[keyof Collections, Array<{ id: string }>]>) {
    const ids = rows.map((r) => r.id);
    if (new Set(ids).size !== ids.length) problems.push(`${name}: duplicate ids ${ids.join(',')}`);
    const size = world.count(name);
    if (size !== rows.length) problems.push(`${name}: index size ${size} != ${rows.length} rows`);
    for (const row of rows) if (world.get(name, row.id) !== row) problems.push(`${name}: index misses row ${row.id}`);
  }
  const lineIds = (lists: Array<Array<{ id: string }>>, what: string) => {
    const ids = lists.flat().map((l) => l.id);
    if (new Set(ids).size !== ids.length) problems.push(`${what}: duplicate line ids`);
  };
  lineIds(
    data.estimates.map((e) => e.items),
    'estimate lines',
  );
  lineIds(
    data.invoices.map((i) => i.items),
    'invoice lines',
  );
  for (const draft of data.order_drafts) {
    const services = draft.services.map((s) => s.service_id);
    const domains = draft.domains.map((d) => d.domain_id);
    if (new Set(services).size !== services.length) problems.push(`draft ${draft.id}: duplicate service ids`);
    if (new Set(domains).size !== domains.length) problems.push(`draft ${draft.id}: duplicate domain ids`);
  }
  return problems;
}

export type Billable = Invoice | Estimate;

/** Totals recomputed from the lines in integer cents: the rule of withTotals, stated again independently. */
export function checkTotals(kind: string, doc: Billable): string[] {
  const problems: string[] = [];
  let subtotal = 0;
  let taxable = 0;
  for (const line of doc.items) {
    const cents = lineCents(line.amount, line.qty);
    if (line.linetotal !== centsToNumber(cents))
      problems.push(`${kind} ${doc.id} line ${line.id}: linetotal ${line.linetotal} != ${line.amount} x ${line.qty}`);
    subtotal += cents;
    if (line.taxed === '1') taxable += cents;
  }
  const tax = percentOf(Math.max(0, taxable), doc.taxrate);
  const tax2 = percentOf(Math.max(0, taxable), doc.taxrate2);
  const total = Math.max(0, subtotal + tax + tax2 - toCents(doc.credit));
  const expect = { subtotal: formatCents(subtotal), tax: formatCents(tax), tax2: formatCents(tax2), total: formatCents(total) };
  for (const [field, value] of Object.entries(expect)) {
    if (doc[field as keyof typeof expect] !== value)
      problems.push(`${kind} ${doc.id}: ${field} ${doc[field as keyof typeof expect]} != ${value}`);
  }
  return problems;
}

/** References between records: nothing points at a record that is gone, or at another client's. */
export function checkReferences(world: World): string[] {
  const problems: string[] = [];
  const owned = (what: string, row: { id: string; client_id: string }, field: string, target: 'orders' | 'invoices', id: string) => {
    if (id === '0') return;
    const record = world.get(target, id);
    if (!record) problems.push(`${what} ${row.id}: ${field} ${id} does not exist`);
    else if (record.client_id !== row.client_id) problems.push(`${what} ${row.id}: ${field} ${id} belongs to client ${record.client_id}`);
  };
  for (const a of world.all('accounts')) owned('account', a, 'order_id', 'orders', a.order_id);
  for (const d of world.all('domains')) owned('domain', d, 'order_id', 'orders', d.order_id);
  for (const o of world.all('orders')) {
    owned('order', o, 'invoice_id', 'invoices', o.invoice_id);
    if (!world.get('clients', o.client_id)) problems.push(`order ${o.id}: client ${o.client_id} does not exist`);
  }
  for (const row of world.all('account_addons')) {
    if (!world.get('accounts', row.account_id)) problems.push(`account addon ${row.id}: account ${row.account_id} does not exist`);
  }
  for (const i of world.all('invoices')) {
    if (!world.get('clients', i.client_id)) problems.push(`invoice ${i.id}: client ${i.client_id} does not exist`);
  }
  for (const ticket of world.all('tickets')) {
    if (ticket.client_id !== '0' && !world.get('clients', ticket.client_id))
      problems.push(`ticket ${ticket.id}: client ${ticket.client_id} does not exist`);
    if (!world.get('ticket_depts', ticket.dept_id)) problems.push(`ticket ${ticket.id}: department ${ticket.dept_id} does not exist`);
  }
  for (const reply of world.all('ticket_replies')) {
    if (!world.get('tickets', reply.ticket_id)) problems.push(`ticket reply ${reply.id}: ticket ${reply.ticket_id} does not exist`);
  }
  for (const file of world.all('client_files')) {
    if (!world.get('clients', file.client_id)) problems.push(`client file ${file.id}: client ${file.client_id} does not exist`);
  }
  for (const grant of world.all('client_guests')) {
    const host = world.get('clients', grant.client_id);
    const guest = world.get('clients', grant.user_id);
    if (!host) problems.push(`guest access ${grant.id}: host ${grant.client_id} does not exist`);
    else if (host.parent_id !== '0') problems.push(`guest access ${grant.id}: host ${grant.client_id} is a contact`);
    if (!guest) problems.push(`guest access ${grant.id}: guest ${grant.user_id} does not exist`);
    else if (guest.id === grant.client_id || guest.parent_id === grant.client_id)
      problems.push(`guest access ${grant.id}: guest ${grant.user_id} is the host or its own contact`);
  }
  for (const card of world.all('client_cards')) {
    if (!world.get('clients', card.client_id)) problems.push(`card ${card.id}: client ${card.client_id} does not exist`);
    const primary = [...world.where('client_cards', 'client_id', card.client_id)].sort((a, b) => Number(a.id) - Number(b.id))[0];
    const shown = world.get('clients', card.client_id)?.cardnum;
    if (primary === card && shown !== undefined && shown !== '' && !shown.endsWith(card.lastfour))
      problems.push(`client ${card.client_id}: cardnum ${shown} does not show its primary card ${card.id}`);
    if (card.cardnum !== '' && !card.cardnum.endsWith(card.lastfour)) problems.push(`card ${card.id}: lastfour is not its number's`);
  }
  for (const note of world.all('ticket_notes')) {
    if (!world.get('tickets', note.ticket_id)) problems.push(`ticket note ${note.id}: ticket ${note.ticket_id} does not exist`);
  }
  for (const variable of world.all('metered_variables')) {
    if (!world.get('products', variable.product_id))
      problems.push(`metered variable ${variable.id}: product ${variable.product_id} does not exist`);
  }
  for (const usage of world.all('metered_usage')) {
    if (!world.get('accounts', usage.account_id)) problems.push(`metered usage ${usage.id}: account ${usage.account_id} does not exist`);
    if (!world.get('metered_variables', usage.variable_id))
      problems.push(`metered usage ${usage.id}: variable ${usage.variable_id} does not exist`);
  }
  for (const form of world.all('product_forms')) {
    if (!world.get('products', form.product_id)) problems.push(`form ${form.id}: product ${form.product_id} does not exist`);
  }
  for (const value of world.all('account_forms')) {
    const form = world.get('product_forms', value.form_id);
    if (!world.get('accounts', value.account_id)) problems.push(`option value ${value.id}: account ${value.account_id} does not exist`);
    if (!form) problems.push(`option value ${value.id}: form ${value.form_id} does not exist`);
    else if (!form.items.some((i) => i.id === value.item_id))
      problems.push(`option value ${value.id}: item ${value.item_id} is not in form ${form.id}`);
  }
  for (const affiliate of world.all('affiliates')) {
    if (!world.get('clients', affiliate.client_id))
      problems.push(`affiliate ${affiliate.id}: client ${affiliate.client_id} does not exist`);
  }
  for (const referral of world.all('affiliate_referrals')) {
    const affiliate = world.get('affiliates', referral.affiliate_id);
    const order = world.get('orders', referral.order_id);
    if (!affiliate) problems.push(`referral ${referral.id}: affiliate ${referral.affiliate_id} does not exist`);
    // Only an earned commission outlives its order, as history with order_id "0".
    if (!order && (referral.order_id !== '0' || referral.status !== 'Earned'))
      problems.push(`referral ${referral.id}: order ${referral.order_id} does not exist`);
    if (order && order.client_id === affiliate?.client_id) problems.push(`referral ${referral.id}: the affiliate's own order`);
  }
  return problems;
}

/**
 * Money held together: every client's credit is never negative and equals the
 * balance its credit log arrives at, entry by entry; a transaction's fee never
 * exceeds what came in; an Unpaid invoice holds no more than its total; an
 * open invoice has no payment date and a Paid one has a date and a number; an
 * affiliate's balance is the commissions it earned less what it withdrew.
 */
export function checkMoney(world: World): string[] {
  const problems: string[] = [];
  for (const client of world.all('clients')) {
    let balance = 0;
    for (const entry of world.where('credit_log', 'client_id', client.id)) {
      balance += toCents(entry.in) - toCents(entry.out);
      if (formatCents(balance) !== entry.balance)
        problems.push(`credit log ${entry.id}: balance ${entry.balance} != ${formatCents(balance)}`);
      if (balance < 0) problems.push(`credit log ${entry.id}: balance below 0.00`);
    }
    if (formatCents(balance) !== client.credit)
      problems.push(`client ${client.id}: credit ${client.credit} != log ${formatCents(balance)}`);
  }
  for (const invoice of world.all('invoices')) {
    let paid = 0;
    for (const tx of world.where('transactions', 'invoice_id', invoice.id)) {
      paid += toCents(tx.in) - toCents(tx.out);
      if (toCents(tx.fee) > toCents(tx.in)) problems.push(`transaction ${tx.id}: fee ${tx.fee} > ${tx.in}`);
    }
    if (invoice.status === 'Unpaid' && paid > toCents(invoice.total))
      problems.push(`invoice ${invoice.id}: Unpaid with ${formatCents(paid)} paid of ${invoice.total}`);
    // A Cancelled invoice may have been paid before; an open one never carries a payment date, a Paid one always does.
    const dated = invoice.datepaid !== '0000-00-00 00:00:00';
    if (dated ? ['Unpaid', 'Draft', 'Collections'].includes(invoice.status) : invoice.status === 'Paid')
      problems.push(`invoice ${invoice.id}: ${invoice.status} with datepaid ${invoice.datepaid}`);
    if (invoice.status === 'Paid' && invoice.paid_id === '') problems.push(`invoice ${invoice.id}: Paid without a paid_id`);
  }
  for (const affiliate of world.all('affiliates')) {
    let earned = 0;
    for (const r of world.where('affiliate_referrals', 'affiliate_id', affiliate.id))
      if (r.status === 'Earned') earned += toCents(r.commission);
    const balance = formatCents(earned - toCents(affiliate.total_withdrawn));
    if (affiliate.balance !== balance)
      problems.push(`affiliate ${affiliate.id}: balance ${affiliate.balance} != earned less withdrawn ${balance}`);
  }
  return problems;
}
