// What staff may do to an invoice by hand (addInvoiceItem, editInvoiceDetails,
// setInvoiceStatus, deleteInvoice): which statuses still take new lines or new
// totals, totals that stay sound against the invoice's credit and payments, a
// status set directly, and what deleting an invoice leaves behind.
import type { Invoice } from '../generated/wire.js';
import { fail, messages } from '../errors.js';
import type { View, World } from '../store/world.js';
import { ZERO_DATETIME } from '../lib/dates.js';
import { notifyInvoiceIssued } from './notifications.js';
import { formatCents, toCents } from './money.js';
import { paidCents, settleInvoice } from './payments.js';

/** Statuses whose lines are final: the invoice was settled one way or another. */
export const LOCKED_STATUSES: readonly Invoice['status'][] = ['Paid', 'Cancelled', 'Refunded'];

/** Statuses whose credit and tax rates may still change: not issued yet, or issued and owed. */
export const OPEN_TOTALS_STATUSES: readonly Invoice['status'][] = ['Draft', 'Unpaid'];

/** The statuses setInvoiceStatus sets. */
export type MarkedStatus = 'Paid' | 'Unpaid' | 'Cancelled';

/** Refuses a new line on a Paid, Cancelled or Refunded invoice. */
export function requireLinesOpen(invoice: Invoice): void {
  if (LOCKED_STATUSES.includes(invoice.status)) fail(messages.invoiceLinesLocked(invoice.id, invoice.status));
}

/** Refuses a change of credit or tax rate (`param`) on an invoice that is neither Draft nor Unpaid. */
export function requireTotalsOpen(invoice: Invoice, param: string): void {
  if (!OPEN_TOTALS_STATUSES.includes(invoice.status)) fail(messages.invoiceTotalsSettled(invoice.id, invoice.status, param));
}

/**
 * Refuses totals an edited invoice may not take: credit beyond what it bills
 * (withTotals would hide the excess behind a 0.00 total), or a total below
 * what was already paid on it.
 */
export function requireSoundTotals(world: View, invoice: Invoice): void {
  const billed = toCents(invoice.subtotal) + toCents(invoice.tax) + toCents(invoice.tax2);
  const credit = toCents(invoice.credit);
  if (credit > 0 && credit > billed) {
    fail(messages.invoiceCreditAboveBilled(invoice.id, invoice.credit, formatCents(Math.max(0, billed))));
  }
  const paid = paidCents(world, invoice.id);
  if (toCents(invoice.total) < paid) fail(messages.invoiceBelowPaid(invoice.id, invoice.total, formatCents(paid)));
}

/**
 * Sets the status as setInvoiceStatus does. Paid settles the invoice
 * (settleInvoice: datepaid, paid number and the automation paying sets off) and
 * records no transaction; Unpaid reopens it (datepaid cleared, its paid number
 * kept), refused when its payments already cover the total; Cancelled changes the status only. The status it already has changes
 * nothing, so the automation never runs twice.
 */
export function markInvoice(world: World, invoice: Invoice, status: MarkedStatus, now: Date): void {
  if (invoice.status === status) return;
  if (status === 'Paid') settleInvoice(world, invoice, now, now);
  else if (status === 'Unpaid') {
    // Payments that already cover the total would leave an Unpaid invoice owing nothing (or less than nothing).
    const paid = paidCents(world, invoice.id);
    if (paid > 0 && paid >= toCents(invoice.total)) fail(messages.invoicePaidInFull(invoice.id, formatCents(paid), invoice.total));
    const issued = world.replace('invoices', { ...invoice, status, datepaid: ZERO_DATETIME });
    // A Draft made Unpaid reaches the client only now.
    if (invoice.status === 'Draft') notifyInvoiceIssued(world, issued, now);
  } else world.replace('invoices', { ...invoice, status });
}

/**
 * Deletes the invoice with its lines. One with payments recorded on it, or
 * carrying credit, is refused and nothing changes: it is history, to be
 * cancelled instead. Orders that pointed at it are left without an invoice ("0").
 */
export function removeInvoice(world: World, invoice: Invoice): void {
  const payments = world.where('transactions', 'invoice_id', invoice.id).length;
  if (payments > 0) fail(messages.invoiceHasPayments(invoice.id, payments));
  if (toCents(invoice.credit) > 0) fail(messages.invoiceHasCredit(invoice.id, invoice.credit));
  for (const order of [...world.where('orders', 'invoice_id', invoice.id)]) world.replace('orders', { ...order, invoice_id: '0' });
  world.remove('invoices', invoice.id);
}
