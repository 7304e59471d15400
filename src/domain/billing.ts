// Views of billing and client-owned records as the API answers them: invoices,
// transactions, accounts and domains with their related names joined in.
// Shared by the detail calls and the list calls that show the same records.
import type { World } from '../store/world.js';
import type {
  Account,
  AccountListItem,
  Client,
  Domain,
  DomainDetails,
  DomainListItem,
  Invoice,
  InvoiceView,
  Transaction,
  TransactionListItem,
} from '../generated/wire.js';
import { notFound } from '../errors.js';
import { paginate, sorterOf, type Page } from './paging.js';
import { clientEmbed, clientNames, gatewayName } from './views.js';

/** The client a list is asked for; an unknown id is an error rather than an empty list. */
export function requireClient(db: World, id: string): Client {
  return db.get('clients', id) ?? notFound('Client', id);
}

/** Newest first: ids are numeric strings, so compare them as numbers. */
export function newestFirst<T extends { id: string }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => Number(b.id) - Number(a.id));
}

/** Rows passing every check; the list itself when there are none (no copy of a million rows). */
export function matching<T>(rows: readonly T[], checks: ReadonlyArray<(row: T) => boolean>): readonly T[] {
  return checks.length === 0 ? rows : rows.filter((row) => checks.every((check) => check(row)));
}

/**
 * One page of rows, newest first. Rows in ascending id order (`ordered`, as a
 * table keeps them: see Table.ordered, also true of any filter of its lists)
 * are read from the end, so a page costs its own size, not a sort of them all.
 */
export function newestPage<T extends { id: string }>(rows: readonly T[], ordered: boolean, page: number, perpage: number): Page<T> {
  if (!ordered) return paginate(newestFirst(rows), page, perpage);
  const end = rows.length - page * perpage;
  const items = end > 0 ? rows.slice(Math.max(0, end - perpage), end).reverse() : [];
  return { items, sorter: sorterOf(rows.length, page, perpage) };
}

export function oldestFirst<T extends { id: string }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => Number(a.id) - Number(b.id));
}

/** Case-insensitive "contains", as the admin search boxes match text. */
export function containsText(value: string, wanted: string): boolean {
  return value.toLowerCase().includes(wanted.toLowerCase());
}

/** Case-insensitive equality, for display names (gateway, registrar) typed by hand. */
export function sameText(value: string, wanted: string): boolean {
  return value.toLowerCase() === wanted.toLowerCase();
}

/** getInvoiceDetails' `invoice`: stored fields in the wire's order, then the client and gateway name. */
export function invoiceView(db: World, invoice: Invoice): InvoiceView {
  const {
    id,
    paid_id,
    recurring_id,
    status,
    client_id,
    date,
    duedate,
    datepaid,
    subtotal,
    credit,
    tax,
    taxrate,
    tax2,
    taxrate2,
    total,
    payment_module,
    currency_id,
    rate,
    notes,
    items,
  } = invoice;
  return {
    id,
    paid_id,
    recurring_id,
    status,
    client_id,
    date,
    duedate,
    datepaid,
    subtotal,
    credit,
    tax,
    taxrate,
    tax2,
    taxrate2,
    total,
    payment_module,
    currency_id,
    rate,
    notes,
    items: items.map(({ id, invoice_id, type, item_id, description, amount, taxed, qty, linetotal }) => ({
      id,
      invoice_id,
      type,
      item_id,
      description,
      amount,
      taxed,
      qty,
      linetotal,
    })),
    client: clientEmbed(db, client_id),
    gateway: gatewayName(db, payment_module),
  };
}

/** A transaction as lists show it: `module` is the gateway's name, the names come from the client. */
export function transactionItem(db: World, tx: Transaction): TransactionListItem {
  const { firstname, lastname } = clientNames(db, tx.client_id);
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
    module: gatewayName(db, tx.payment_module),
    client_id: tx.client_id,
    trans_id: tx.trans_id,
    invoice_id: tx.invoice_id,
  };
}

/** An account as getClientAccounts/getAccounts list it: `name`/`type` come from its product. */
export function accountItem(db: World, account: Account): AccountListItem {
  const product = db.get('products', account.product_id);
  const { firstname, lastname } = clientNames(db, account.client_id);
  return {
    id: account.id,
    manual: account.manual,
    domain: account.domain,
    billingcycle: account.billingcycle,
    status: account.status,
    total: account.total,
    next_due: account.next_due,
    name: product?.name ?? '',
    type: product?.type ?? '',
    lastname,
    firstname,
    client_id: account.client_id,
    currency_id: account.currency_id,
  };
}

/**
 * Whether an order page is `pageId` or sits below it: a page that holds sub-pages
 * has no products of its own, so asking for it means its sub-pages' products.
 * The walk is bounded so a parent loop in hand-written fixtures cannot hang it.
 */
export function inOrderPage(db: World, categoryId: string, pageId: string): boolean {
  let current: string | undefined = categoryId;
  for (let depth = 0; current && current !== '0' && depth < 8; depth++) {
    if (current === pageId) return true;
    current = db.get('order_pages', current)?.parent_id;
  }
  return false;
}

/** A registrar's display name ("" when the id is "0" or unknown), as domain lists show it. */
export function registrarName(db: World, registrarId: string): string {
  return db.get('registrars', registrarId)?.name ?? '';
}

/** A domain as getClientDomains lists it: the client id is `cid`, `module` the registrar's name. */
export function domainItem(db: World, domain: Domain): DomainListItem {
  const { firstname, lastname } = clientNames(db, domain.client_id);
  return {
    id: domain.id,
    manual: domain.manual,
    name: domain.name,
    lastname,
    firstname,
    cid: domain.client_id,
    period: domain.period,
    recurring_amount: domain.recurring_amount,
    currency_id: domain.currency_id,
    module: registrarName(db, domain.reg_module),
    next_due: domain.next_due,
    expires: domain.expires,
    status: domain.status,
    type: domain.type,
    date_created: domain.date_created,
    autorenew: domain.autorenew,
    reglock: domain.reglock,
    idprotection: domain.idprotection,
  };
}

/** Always four nameserver slots, empty strings for unset ones, as the real answer has. */
export function fourNameservers(list: readonly string[]): [string, string, string, string] {
  const [a = '', b = '', c = '', d = ''] = list;
  return [a, b, c, d];
}

/** getDomainDetails' `details`: stored fields in the wire's order (no currency_id), client names, fixed flags. */
export function domainDetails(db: World, d: Domain): DomainDetails {
  const { firstname, lastname } = clientNames(db, d.client_id);
  return {
    id: d.id,
    client_id: d.client_id,
    order_id: d.order_id,
    tld_id: d.tld_id,
    name: d.name,
    reg_module: d.reg_module,
    payment_module: d.payment_module,
    date_created: d.date_created,
    firstpayment: d.firstpayment,
    recurring_amount: d.recurring_amount,
    period: d.period,
    expires: d.expires,
    type: d.type,
    status: d.status,
    next_due: d.next_due,
    next_invoice: d.next_invoice,
    idprotection: d.idprotection,
    nameservers: fourNameservers(d.nameservers),
    autorenew: d.autorenew,
    reglock: d.reglock,
    manual: d.manual,
    epp_code: d.epp_code,
    notes: d.notes,
    extended: d.extended,
    synch_date: d.synch_date,
    // The real API answers false for both when no nameserver IPs or custom fields are set; billsim stores neither.
    nsips: false,
    lastname,
    firstname,
    custom: false,
  };
}
