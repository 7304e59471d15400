// Invoices and transactions as the API shows them: getInvoiceDetails' invoice
// with its lines, client and gateway name joined in, and a transaction as lists
// show it.
import type { View } from '../store/world.js';
import type { Invoice, InvoiceView, Transaction, TransactionListItem } from '../generated/wire.js';
import { clientNames, invoiceClient, pick } from './views.js';
import { gatewayName } from './gateways.js';
import { TOTAL_FIELDS } from './invoiceLines.js';

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

/** getInvoiceDetails' `invoice`: stored fields in the wire's order, then the client and gateway name. */
export function invoiceView(world: View, invoice: Invoice): InvoiceView {
  return {
    ...pick(invoice, INVOICE_FIELDS),
    items: invoice.items.map((item) => pick(item, LINE_FIELDS)),
    client: invoiceClient(world, invoice.client_id),
    gateway: gatewayName(world, invoice.payment_module),
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
