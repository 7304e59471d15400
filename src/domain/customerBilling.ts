// What the customer's door (the User API) shows of a client's billing: the
// balance, invoices in the keys clients read, and the credit history. Built on
// the Admin API's shapes (invoiceListItem, invoiceView, the credit log) so both
// doors show one record alike.
import type {
  Client,
  CreditLogEntry,
  Invoice,
  UserApiBalance,
  UserApiInvoice,
  UserApiInvoiceItem,
  UserApiLogEntry,
} from '../generated/wire.js';
import { doorNotFound } from '../errors.js';
import type { View } from '../store/world.js';
import { rateOf } from './currencies.js';
import { invoiceListItem, invoiceView } from './invoices.js';
import { convertCents, formatCents } from './money.js';
import { balanceDueCents } from './payments.js';

/** The code of a currency ("" when it is gone), as clients read `currency`. */
function currencyCode(world: View, currencyId: string): string {
  return world.get('currencies', currencyId)?.code ?? '';
}

/** An invoice's number as clients show it: its paid number once it has one, else its id (a proforma). */
function invoiceNumber(invoice: Invoice): string {
  return invoice.paid_id || invoice.id;
}

/** GET /api/balance: what the client's Unpaid invoices still owe, in the client's currency, and its credit. */
export function customerBalance(world: View, client: Client): UserApiBalance {
  const clientRate = rateOf(world, client.currency_id);
  let owed = 0;
  for (const invoice of world.where('invoices', 'client_id', client.id)) {
    if (invoice.status === 'Unpaid') owed += convertCents(balanceDueCents(world, invoice), invoice.rate, clientRate);
  }
  return { currency: currencyCode(world, client.currency_id), acc_balance: formatCents(owed), acc_credit: client.credit };
}

/** A Draft is not issued yet: the client does not see it. */
export function seenByClient(invoice: Invoice): boolean {
  return invoice.status !== 'Draft';
}

/** The client's invoice `id`; one that is missing, another client's or a Draft answers 404 alike. */
export function requireCustomerInvoice(world: View, clientId: string, id: string): Invoice {
  const invoice = world.get('invoices', id);
  if (!invoice || invoice.client_id !== clientId || !seenByClient(invoice)) doorNotFound('Invoice', id);
  return invoice;
}

/** An invoice as GET /api/invoice lists it: getInvoices' item with the number, subtotal and currency code clients read. */
export function customerInvoiceItem(world: View, invoice: Invoice): UserApiInvoiceItem {
  const { id, paid_id, date, duedate, datepaid, total, credit, status, ...rest } = invoiceListItem(world, invoice);
  return {
    id,
    number: invoiceNumber(invoice),
    paid_id,
    date,
    duedate,
    datepaid,
    subtotal: invoice.subtotal,
    total,
    credit,
    status,
    client_id: rest.client_id,
    firstname: rest.firstname,
    lastname: rest.lastname,
    companyname: rest.companyname,
    currency_id: rest.currency_id,
    currency: currencyCode(world, invoice.currency_id),
    payment_module: rest.payment_module,
    gateway: rest.gateway,
  };
}

/** GET /api/invoice/{id}'s invoice: getInvoiceDetails' without the embedded client record, with the keys clients read. */
export function customerInvoice(world: View, invoice: Invoice): UserApiInvoice {
  const { client, ...view } = invoiceView(world, invoice);
  void client;
  return {
    id: view.id,
    number: invoiceNumber(invoice),
    proforma_id: invoice.id,
    paid_id: view.paid_id,
    recurring_id: view.recurring_id,
    status: view.status,
    client_id: view.client_id,
    date: view.date,
    duedate: view.duedate,
    datepaid: view.datepaid,
    subtotal: view.subtotal,
    credit: view.credit,
    tax: view.tax,
    taxrate: view.taxrate,
    tax2: view.tax2,
    taxrate2: view.taxrate2,
    total: view.total,
    grandtotal: view.total,
    payment_module: view.payment_module,
    currency_id: view.currency_id,
    currency: currencyCode(world, invoice.currency_id),
    rate: view.rate,
    notes: view.notes,
    items: view.items,
    gateway: view.gateway,
  };
}

/** A credit log entry as GET /api/logs shows it: what changed and why, not which admin did it. */
export function customerLogEntry(entry: CreditLogEntry): UserApiLogEntry {
  const { id, date, description, in: credited, out, balance, invoice_id, currency_id } = entry;
  return { id, date, description, in: credited, out, balance, invoice_id, currency_id };
}
