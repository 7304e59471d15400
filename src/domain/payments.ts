// Money coming in: what an invoice still owes, recording a payment as a
// transaction, and what happens when an invoice becomes Paid (HostBill's default
// automation: the order is accepted, a service suspended for this invoice comes
// back, a credit receipt becomes credit, a referred order's affiliate earns its
// commission). addInvoicePayment, chargeCreditCard, applyInvoiceCredit and
// setInvoiceStatus all pay through here.
import type { Account, Client, Gateway, Invoice, Transaction } from '../generated/wire.js';
import { fail, messages } from '../errors.js';
import type { View, World } from '../store/world.js';
import { AUTOMATION_ADMIN_ID, addCredit, takeCredit } from './credit.js';
import { rateOf } from './currencies.js';
import { formatDate, formatDateTime } from '../lib/dates.js';
import { convertCents, formatCents, lineCents, toCents } from './money.js';
import { withTotals } from './invoiceLines.js';
import { activateOrder } from './orderStatus.js';
import { recordEmail } from './outbox.js';
import { canMove, moveService } from './services.js';
import { applyPaidRenewals } from './renewals.js';
import { automationFor } from './automationSettings.js';
import { earnCommissions } from './affiliates.js';
import { invoicePaid, invoicePartlyPaid, transactionAdded } from './events.js';

/** Statuses an invoice takes payments in: it is issued and not settled. */
export const PAYABLE_STATUSES: readonly Invoice['status'][] = ['Unpaid', 'Collections'];

/** The line type of a credit receipt ("add funds"): paying it adds the line's amount to the client's credit. */
export const CREDIT_LINE = 'Credit';

/** Payments minus refunds recorded on the invoice, in its currency. */
export function paidCents(world: View, invoiceId: string): number {
  let cents = 0;
  for (const tx of world.where('transactions', 'invoice_id', invoiceId)) cents += toCents(tx.in) - toCents(tx.out);
  return cents;
}

/** What the invoice still asks for: its total less what was paid, never below 0.00. */
export function balanceDueCents(world: View, invoice: Invoice): number {
  return Math.max(0, toCents(invoice.total) - paidCents(world, invoice.id));
}

/** Refuses a payment to an invoice that is not issued (Draft) or already settled (Paid, Cancelled, Refunded). */
export function requirePayable(invoice: Invoice): void {
  if (!PAYABLE_STATUSES.includes(invoice.status)) fail(messages.invoiceNotPayable(invoice.id, invoice.status));
}

/**
 * The number a paid invoice gets, in the bundled world's "YYYY/NNNN" style:
 * the next number of the year it was paid in. Numbers once given are kept, so
 * an invoice marked Unpaid and paid again keeps its first one.
 */
export function nextPaidId(world: View, paidOn: Date): string {
  const year = String(paidOn.getUTCFullYear());
  // A maximum the store keeps per year asked for: a payment reads no other invoice.
  const last = world.max('invoices', `paid-number:${year}`, (invoice) => paidNumberIn(invoice.paid_id, year));
  return `${year}/${String(last + 1).padStart(4, '0')}`;
}

/** The number of a paid id given in `year` ("2026/0042" -> 42), 0 for another year's or none. */
function paidNumberIn(paidId: string, year: string): number {
  const [given, n] = paidId.split('/');
  return given === year ? Number(n) || 0 : 0;
}

/** The payable invoices of the service's client that bill the service (a Hosting line) and fell due before `today`. */
export function overdueInvoicesOf(world: View, service: Account, today: string): Invoice[] {
  return world
    .where('invoices', 'client_id', service.client_id)
    .filter(
      (invoice) =>
        PAYABLE_STATUSES.includes(invoice.status) &&
        invoice.duedate < today &&
        invoice.items.some((line) => line.type === 'Hosting' && line.item_id === service.id),
    );
}

/** Unsuspends the Suspended services this invoice bills, unless another invoice of theirs is past due. */
function unsuspendServices(world: World, invoice: Invoice, today: string): void {
  for (const line of invoice.items) {
    if (line.type !== 'Hosting') continue;
    const service = world.get('accounts', line.item_id);
    if (!service || !canMove(service, 'unsuspend')) continue;
    if (overdueInvoicesOf(world, service, today).every((other) => other.id === invoice.id)) moveService(world, service, 'unsuspend');
  }
}

/** Adds a paid credit receipt's lines to the client's credit, converted to the client's currency. */
function creditReceipt(world: World, invoice: Invoice, now: Date): void {
  let cents = 0;
  for (const line of invoice.items) if (line.type === CREDIT_LINE) cents += lineCents(line.amount, line.qty);
  const client = world.get('clients', invoice.client_id);
  if (cents <= 0 || !client) return;
  const inClientCurrency = convertCents(cents, invoice.rate, rateOf(world, client.currency_id));
  addCredit(
    world,
    client,
    inClientCurrency,
    { description: `Credit receipt #${invoice.id} paid`, invoice_id: invoice.id, admin_id: AUTOMATION_ADMIN_ID },
    now,
  );
}

/**
 * Marks the invoice Paid on `paidAt` and runs what paying it sets off: its
 * Pending orders are accepted (services created, domains registered, upgrades
 * applied, as setOrderActive), services suspended for it come back, a credit
 * receipt becomes credit, the affiliates who referred its orders earn their
 * commissions. Records no transaction.
 */
export function settleInvoice(world: World, invoice: Invoice, paidAt: Date, now: Date): Invoice {
  const paid = world.replace('invoices', {
    ...invoice,
    status: 'Paid',
    datepaid: formatDateTime(paidAt),
    paid_id: invoice.paid_id || nextPaidId(world, paidAt),
  });
  invoicePaid(world, paid);
  for (const order of [...world.where('orders', 'invoice_id', invoice.id)]) {
    if (order.status === 'Pending') activateOrder(world, order, now);
  }
  applyPaidRenewals(world, paid, now);
  unsuspendServices(world, paid, formatDate(now));
  creditReceipt(world, paid, now);
  earnCommissions(world, paid, now);
  return paid;
}

/**
 * Pays `cents` (in the invoice's currency, more than 0) of a payable invoice from
 * its client's credit: the credit taken is converted to the client's currency,
 * the invoice's `credit` grows and its totals follow, and an invoice left owing
 * nothing is settled. Refused, changing nothing, on a credit receipt (credit
 * cannot buy credit), beyond what the invoice still owes or beyond the client's
 * credit. Records no transaction.
 */
export function applyCredit(world: World, invoice: Invoice, client: Client, cents: number, now: Date): Invoice {
  requirePayable(invoice);
  if (invoice.items.some((line) => line.type === CREDIT_LINE)) fail(messages.creditForCreditReceipt(invoice.id));
  const due = balanceDueCents(world, invoice);
  if (cents > due) fail(messages.creditOverBalance(invoice.id, formatCents(due), formatCents(cents)));
  const taken = convertCents(cents, invoice.rate, rateOf(world, client.currency_id));
  takeCredit(world, client, taken, { description: 'Credit applied to invoice', invoice_id: invoice.id }, now);
  const credited = world.replace('invoices', withTotals({ ...invoice, credit: formatCents(toCents(invoice.credit) + cents) }));
  return balanceDueCents(world, credited) === 0 ? settleInvoice(world, credited, now, now) : credited;
}

/**
 * How much of the invoice the client's credit pays when no amount is named: what
 * the invoice still owes, or the whole credit (converted into the invoice's
 * currency) when that is less. In the invoice's currency; 0 when either is.
 */
export function creditCoverCents(world: View, invoice: Invoice, client: Client): number {
  const available = convertCents(toCents(client.credit), rateOf(world, client.currency_id), invoice.rate);
  return Math.max(0, Math.min(available, balanceDueCents(world, invoice)));
}

/**
 * HostBill's "apply credit to new invoices" setting: a new invoice of a client
 * whose settings turn it on is paid at once from the client's credit, as far
 * as it goes, when both are in the same currency. Answers the cents applied (0
 * when none) and the invoice after it.
 */
export function applyCreditToNewInvoice(world: World, invoice: Invoice, client: Client, now: Date): { cents: number; invoice: Invoice } {
  const settings = automationFor(world, '0', client.id);
  if (!settings.autoApplyCredit || client.currency_id !== invoice.currency_id) return { cents: 0, invoice };
  const cents = creditCoverCents(world, invoice, client);
  if (cents <= 0) return { cents: 0, invoice };
  return { cents, invoice: applyCredit(world, invoice, client, cents, now) };
}

export interface Payment {
  invoice: Invoice;
  /** In the invoice's currency, more than 0. */
  cents: number;
  feeCents: number;
  /** The gateway it came through (its id; "0" for none). */
  gateway: Pick<Gateway, 'id'>;
  /** The gateway's reference; a "BS-" reference is made up when none is given. */
  transId?: string;
  /** When the money arrived: the transaction's date and, if it settles the invoice, its datepaid. */
  date: Date;
  /** Record the payment confirmation e-mail (`send_email=1`). */
  sendEmail: boolean;
  /** The transaction's text; by default "Invoice #N payment" (or "partial payment"). */
  description?: string;
}

/** A transaction reference for a payment that came without one: stable for a replayed session. */
function madeUpReference(id: string, date: string): string {
  return `BS-${date.slice(0, 10).replaceAll('-', '')}-${id.padStart(6, '0')}`;
}

/** A transaction to record: the stored fields but its id, with the gateway's reference optional. */
export type NewTransaction = Omit<Transaction, 'id' | 'trans_id'> & { trans_id?: string };

/**
 * Stores a transaction with the next id; one without a gateway reference gets
 * a made-up one. Every transaction billsim records is written here. Answers it.
 */
export function recordTransaction(world: World, fields: NewTransaction): Transaction {
  const id = world.nextId('transactions');
  const tx: Transaction = { id, ...fields, trans_id: fields.trans_id || madeUpReference(id, fields.date) };
  const stored = world.insert('transactions', tx);
  transactionAdded(world, stored);
  return stored;
}

/**
 * Records a payment on a payable invoice. Payments that reach the total settle
 * the invoice (settleInvoice); the part of a payment beyond the total goes to
 * the client's credit. Answers the transaction.
 */
export function recordPayment(world: World, p: Payment, now: Date): Transaction {
  const { invoice } = p;
  requirePayable(invoice);
  const due = balanceDueCents(world, invoice);
  const settles = p.cents >= due;
  const tx = recordTransaction(world, {
    client_id: invoice.client_id,
    invoice_id: invoice.id,
    date: formatDateTime(p.date),
    description: p.description || `Invoice #${invoice.id} ${settles ? 'payment' : 'partial payment'}`,
    in: formatCents(p.cents),
    out: '0.00',
    fee: formatCents(p.feeCents),
    currency_id: invoice.currency_id,
    payment_module: p.gateway.id,
    trans_id: p.transId,
  });
  if (settles) settleInvoice(world, invoice, p.date, now);
  else invoicePartlyPaid(world, invoice);
  const client = world.get('clients', invoice.client_id);
  if (p.cents > due && client) overpaid(world, client, invoice, p.cents - due, tx, now);
  if (p.sendEmail && client) {
    const related = { invoice_id: invoice.id, transaction_id: tx.id };
    const subject = `Invoice Payment Confirmation #${invoice.id}`;
    recordEmail(world, { to: client.email, subject, template: 'Invoice Payment Confirmation', clientId: client.id, related }, now);
  }
  return tx;
}

/** Money paid back on an invoice: `cents` in its currency, more than 0. */
export interface Refund {
  invoice: Invoice;
  cents: number;
  feeCents: number;
  gateway: Pick<Gateway, 'id'>;
  transId?: string;
  date: Date;
  /** The transaction's text; by default "Invoice #N refund". */
  description?: string;
}

/** Refuses a refund beyond what the invoice's payments, less earlier refunds, come to. */
export function requireRefundable(world: View, invoice: Invoice, cents: number): void {
  const paid = paidCents(world, invoice.id);
  if (cents > paid) fail(messages.refundOverPaid(invoice.id, formatCents(Math.max(0, paid)), formatCents(cents)));
}

/**
 * Records money paid back on an invoice (an `out` transaction). The money
 * then counts as not paid (paidCents), so the invoice owes it again; its
 * status, services and the client's credit stay as they are. Answers the transaction.
 */
export function recordRefund(world: World, r: Refund): Transaction {
  const { invoice } = r;
  requireRefundable(world, invoice, r.cents);
  return recordTransaction(world, {
    client_id: invoice.client_id,
    invoice_id: invoice.id,
    date: formatDateTime(r.date),
    description: r.description || `Invoice #${invoice.id} refund`,
    in: '0.00',
    out: formatCents(r.cents),
    fee: formatCents(r.feeCents),
    currency_id: invoice.currency_id,
    payment_module: r.gateway.id,
    trans_id: r.transId,
  });
}

function overpaid(world: World, client: Client, invoice: Invoice, cents: number, tx: Transaction, now: Date): void {
  const inClientCurrency = convertCents(cents, invoice.rate, rateOf(world, client.currency_id));
  const change = {
    description: `Overpayment of invoice #${invoice.id}`,
    invoice_id: invoice.id,
    transaction_id: tx.id,
    transid: tx.trans_id,
    admin_id: AUTOMATION_ADMIN_ID,
  };
  addCredit(world, client, inClientCurrency, change, now);
}
