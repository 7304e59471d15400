// Invoices and transactions as the API shows them: getInvoiceDetails' invoice
// with its lines, client and gateway name joined in, and an invoice and a
// transaction as lists show them.
import type { View, World } from '../store/world.js';
import type {
  Client,
  Invoice,
  InvoiceItem,
  InvoiceListItem,
  InvoiceView,
  Transaction,
  TransactionDetails,
  TransactionListItem,
} from '../generated/wire.js';
import { clientNames, invoiceClient, pick } from './views.js';
import { gatewayName } from './gateways.js';
import { TOTAL_FIELDS, firstFreeLineId, lineTotal, withTotals } from './invoiceLines.js';
import { rateOf } from './currencies.js';
import { type TaxedClient, taxRatesFor } from './taxes.js';
import { ZERO_DATETIME } from '../lib/dates.js';
import { notFound } from '../errors.js';
import { notifyInvoiceIssued } from './notifications.js';
import { invoiceCreated } from './events.js';

const INVOICE_FIELDS = [
  'id',
  'paid_id',
  'recurring_id',
  'status',
  'client_id',
  'date',
  'duedate',
  'datepaid',
  ...TOTAL_FIELDS,
  'payment_module',
  'currency_id',
  'rate',
  'notes',
] as const;
const LINE_FIELDS = ['id', 'invoice_id', 'type', 'item_id', 'description', 'amount', 'taxed', 'qty', 'linetotal'] as const;

/** The invoice `id`, or the "Invoice N not found" error every invoice call answers. */
export function requireInvoice(world: View, id: string): Invoice {
  return world.get('invoices', id) ?? notFound('Invoice', id);
}

/** getInvoiceDetails' `invoice`: stored fields in the wire's order, then the client and gateway name. */
export function invoiceView(world: View, invoice: Invoice): InvoiceView {
  return {
    ...pick(invoice, INVOICE_FIELDS),
    items: invoice.items.map((item) => pick(item, LINE_FIELDS)),
    client: invoiceClient(world, invoice.client_id),
    gateway: gatewayName(world, invoice.payment_module),
  };
}

/** An invoice as lists show it (getInvoices, getClientInvoices): no lines; totals, status, the client's names and the gateway's name. */
export function invoiceListItem(world: View, inv: Invoice): InvoiceListItem {
  const client = world.get('clients', inv.client_id);
  return {
    id: inv.id,
    paid_id: inv.paid_id,
    date: inv.date,
    duedate: inv.duedate,
    datepaid: inv.datepaid,
    total: inv.total,
    credit: inv.credit,
    status: inv.status,
    client_id: inv.client_id,
    firstname: client?.firstname ?? '',
    lastname: client?.lastname ?? '',
    companyname: client?.companyname ?? '',
    currency_id: inv.currency_id,
    payment_module: inv.payment_module,
    gateway: gatewayName(world, inv.payment_module),
  };
}

/** A transaction as lists show it: `module` is the gateway's name, the names come from the client. */
export function transactionItem(world: View, tx: Transaction): TransactionListItem {
  const { firstname, lastname } = clientNames(world, tx.client_id);
  return {
    in: tx.in,
    out: tx.out,
    id: tx.id,
    firstname,
    lastname,
    date: tx.date,
    currency_id: tx.currency_id,
    description: tx.description,
    fee: tx.fee,
    module: gatewayName(world, tx.payment_module),
    client_id: tx.client_id,
    trans_id: tx.trans_id,
    invoice_id: tx.invoice_id,
  };
}

/**
 * A transaction as getTransactionDetails shows it: the published keys in their
 * order, the gateway by id, and the rate of the invoice it pays (the currency's
 * rate when that invoice is gone).
 */
export function transactionDetails(world: View, tx: Transaction): TransactionDetails {
  return {
    client_id: tx.client_id,
    invoice_id: tx.invoice_id,
    module: tx.payment_module,
    date: tx.date,
    description: tx.description,
    in: tx.in,
    fee: tx.fee,
    out: tx.out,
    trans_id: tx.trans_id,
    id: tx.id,
    rate: world.get('invoices', tx.invoice_id)?.rate ?? rateOf(world, tx.currency_id),
    currency_id: tx.currency_id,
  };
}

/** A line of a new invoice: what it bills, for how much, and whether tax applies. */
export interface NewLine {
  type: string;
  item_id: string;
  description: string;
  amount: string;
  taxed: boolean;
  qty?: string;
}

/** What a new invoice needs besides its lines. `taxed: false` leaves both tax rates at 0.00. */
export interface NewInvoice {
  client: TaxedClient & Pick<Client, 'id'>;
  currency_id: string;
  payment_module: string;
  /** YYYY-MM-DD; the invoice is dated that day, and due that day unless `duedate` says otherwise. */
  date: string;
  duedate?: string;
  lines: readonly NewLine[];
  taxed?: boolean;
  /** Unpaid unless given: addInvoice starts a Draft, which the client does not see until it is made Unpaid. */
  status?: Invoice['status'];
  /** The first line id, when the caller keeps count (the daily run makes many invoices; finding it reads every invoice). */
  firstLineId?: number;
}

/** One stored line: linetotal follows from amount and qty (1 unless given). */
export function invoiceLine(invoiceId: string, lineId: string, line: NewLine): InvoiceItem {
  const qty = line.qty ?? '1';
  return {
    id: lineId,
    invoice_id: invoiceId,
    type: line.type,
    item_id: line.item_id,
    description: line.description,
    amount: line.amount,
    taxed: line.taxed ? '1' : '0',
    qty,
    linetotal: lineTotal(line.amount, qty),
  };
}

/**
 * The one way a call creates an invoice: Unpaid (or the status given), lines numbered from the first
 * free line id, tax rates from the client's tax rules, totals from the lines.
 * The caller inserts it.
 */
export function newInvoice(world: View, spec: NewInvoice): Invoice {
  const id = world.nextId('invoices');
  // Finding the first free line id reads every invoice, which an empty invoice (addInvoice) need not pay for.
  const firstLine = spec.lines.length === 0 ? 0 : (spec.firstLineId ?? firstFreeLineId(world, 'invoices'));
  const items = spec.lines.map((line, n) => invoiceLine(id, String(firstLine + n), line));
  const rates = spec.taxed === false ? { taxrate: '0.00', taxrate2: '0.00' } : taxRatesFor(world, spec.client);
  return withTotals({
    id,
    paid_id: '',
    recurring_id: '0',
    status: spec.status ?? 'Unpaid',
    client_id: spec.client.id,
    date: spec.date,
    duedate: spec.duedate ?? spec.date,
    datepaid: ZERO_DATETIME,
    subtotal: '0.00',
    credit: '0.00',
    tax: '0.00',
    taxrate: rates.taxrate,
    tax2: '0.00',
    taxrate2: rates.taxrate2,
    total: '0.00',
    payment_module: spec.payment_module,
    currency_id: spec.currency_id,
    rate: rateOf(world, spec.currency_id),
    notes: '',
    items,
  });
}

/**
 * Stores an invoice newInvoice made: the one way an invoice joins the world, so
 * every invoice issued to a client (a call's, an order's, the daily run's
 * renewals) raises after_invoicecreate and notifies the client at its door. A Draft waits until it is made Unpaid.
 */
export function issueInvoice(world: World, invoice: Invoice, now: Date): Invoice {
  const stored = world.insert('invoices', invoice);
  invoiceCreated(world, stored);
  notifyInvoiceIssued(world, stored, now);
  return stored;
}

/** Cancels the invoice when it is still Unpaid (an order cancelled or marked Fraud); any other invoice stays as it is. */
export function cancelUnpaidInvoice(world: World, invoiceId: string): void {
  const invoice = world.get('invoices', invoiceId);
  if (invoice?.status === 'Unpaid') world.replace('invoices', { ...invoice, status: 'Cancelled' });
}
