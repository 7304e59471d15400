// An estimate's life: created as a Draft, given lines, sent (Sent), accepted
// (Accepted), turned down (Dead), or turned into an invoice (Invoiced, final).
// The one place that makes an invoice from an estimate, used by
// convertEstimateToInvoice and by setEstimateStatus to Invoiced alike.
import { createHash } from 'node:crypto';
import type { View, World } from '../store/world.js';
import type { Client, Estimate, EstimateLineView, Invoice } from '../generated/wire.js';
import { fail, messages, notFound } from '../errors.js';
import { addDays, formatDate } from '../lib/dates.js';
import { rateOf } from './currencies.js';
import { takeCredit } from './credit.js';
import { defaultGatewayId } from './gateways.js';
import { firstFreeLineId, withTotals } from './invoiceLines.js';
import { invoiceLine, newInvoice } from './invoices.js';
import { toCents } from './money.js';
import { requireClient } from './clients.js';
import { taxRatesFor } from './taxes.js';
import { estimateView } from './estimates.js';
import { insertInvoice } from './events.js';

/** How long a new estimate stays valid: the published addEstimateLine sample expires 7 days after it was made. */
const VALID_DAYS = 7;

export function requireEstimate(world: View, id: string): Estimate {
  return world.get('estimates', id) ?? notFound('Estimate', id);
}

/** An empty Draft for a client, in its currency and with its tax rates; the caller inserts it. */
export function newEstimate(world: View, client: Client, now: Date): Estimate {
  const id = world.nextId('estimates');
  const date = formatDate(now);
  const { taxrate, taxrate2 } = taxRatesFor(world, client);
  return {
    id,
    status: 'Draft',
    subject: 'Estimate',
    client_id: client.id,
    date_created: date,
    date_expires: formatDate(addDays(now, VALID_DAYS)),
    subtotal: '0.00',
    credit: '0.00',
    tax: '0.00',
    taxrate,
    tax2: '0.00',
    taxrate2,
    total: '0.00',
    currency_id: client.currency_id,
    rate: rateOf(world, client.currency_id),
    notes: '',
    notes_private: '',
    // A function of id and day, so a replayed session makes the same hash.
    hash: createHash('sha256').update(`billsim-estimate:${id}:${date}`).digest('hex').slice(0, 32),
    invoice_id: '0',
    items: [],
  };
}

/** Refuses any change to an Invoiced estimate: its invoice holds what was agreed. */
export function refuseInvoiced(e: Estimate, instead: string): void {
  if (e.status === 'Invoiced') fail(messages.estimateInvoiced(e.id, e.invoice_id, instead));
}

/**
 * A status edit (editEstimateDetails) may not reach or leave Invoiced: that status
 * means an invoice exists, and only invoiceEstimate makes one.
 */
export function refuseInvoicedBy(e: Estimate, status: Estimate['status']): void {
  refuseInvoiced(e, 'its status no longer changes');
  if (status === 'Invoiced') fail(messages.estimateInvoiceBy(e.id));
}

/** addEstimateLine's answer: getEstimateDetails' fields with invoice_id, options and grandtotal after hash. */
export function estimateLineView(world: View, e: Estimate): EstimateLineView {
  const { items, client, ...fields } = estimateView(world, e);
  return { ...fields, invoice_id: e.invoice_id, options: '0', grandtotal: e.total, items, client };
}

/** The status sendEstimate leaves: an Accepted estimate sent again stays Accepted. */
export function sentStatus(e: Estimate): Estimate['status'] {
  if (e.status === 'Invoiced' || e.status === 'Dead') fail(messages.estimateNotSendable(e.id, e.status));
  return e.status === 'Accepted' ? 'Accepted' : 'Sent';
}

/**
 * Makes the estimate's invoice: Unpaid, dated and due today, its lines, currency,
 * rate and tax rates copied, so the one totals rule gives the same totals. The
 * estimate's credit is taken from the client's balance as applyInvoiceCredit
 * takes it. Checks everything before writing; answers the invoice.
 */
export function invoiceEstimate(world: World, e: Estimate, now: Date): Invoice {
  refuseInvoiced(e, 'it was invoiced already');
  if (e.status === 'Dead') fail(messages.estimateDead(e.id));
  if (e.items.length === 0) fail(messages.estimateNoLines(e.id));
  const client = requireClient(world, e.client_id);
  const credit = toCents(e.credit);
  if (credit > 0 && client.currency_id !== e.currency_id) fail(messages.estimateCreditCurrency(e.id, e.credit, client.id));
  const shell = newInvoice(world, {
    client,
    currency_id: e.currency_id,
    payment_module: defaultGatewayId(world),
    date: formatDate(now),
    lines: [],
  });
  const first = firstFreeLineId(world, 'invoices');
  const items = e.items.map((item, n) => invoiceLine(shell.id, String(first + n), { ...item, taxed: item.taxed === '1' }));
  const invoice = withTotals({ ...shell, rate: e.rate, taxrate: e.taxrate, taxrate2: e.taxrate2, credit: e.credit, items });
  if (credit > 0) takeCredit(world, client, credit, { description: 'Credit applied to invoice', invoice_id: invoice.id }, now);
  insertInvoice(world, invoice);
  world.replace('estimates', { ...e, status: 'Invoiced', invoice_id: invoice.id });
  return invoice;
}
